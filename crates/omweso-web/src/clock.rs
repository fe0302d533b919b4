//! The module's clock, for a `best` request's `time_ms`: milliseconds from
//! some fixed start. The engine has none (it stays free of I/O); in a
//! browser the time is the page's, imported from JavaScript as
//! `env.now_ms` (`omweso-engine.js` gives `performance.now()` when it
//! instantiates the module); built natively (the tests, the site's build),
//! it is [`std::time::Instant`]'s.

#[cfg(target_arch = "wasm32")]
mod imported {
    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        #[link_name = "now_ms"]
        fn now_ms_imported() -> f64;
    }

    pub fn now_ms() -> f64 {
        // SAFETY: the import takes nothing and returns a number; the
        // module cannot be instantiated without it.
        unsafe { now_ms_imported() }
    }
}

#[cfg(target_arch = "wasm32")]
pub use imported::now_ms;

/// Milliseconds since the first call (the process's clock).
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_clock_runs_forward() {
        let a = super::now_ms();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let b = super::now_ms();
        assert!(b - a >= 5.0, "{a} then {b}");
    }
}
