//! What the fuzz targets share: the invariants (the same file the
//! regression test `tests/it/hostile.rs` uses), the built-in variants, and
//! the input as text.

#[path = "../../tests/it/hostile/invariants.rs"]
pub mod invariants;

use omweso::model::{Diagnostic, Source, Variants};
use std::sync::OnceLock;

pub use invariants::{check, check_result, script_in};

/// The built-in variants, loaded once per process.
pub fn variants() -> &'static Variants {
    static V: OnceLock<Variants> = OnceLock::new();
    V.get_or_init(Variants::builtin)
}

/// The fuzzer's bytes as a file's text (invalid UTF-8 is refused by the
/// reader before any parser sees it, so it is replaced here).
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Panic if `d`, about `src`, breaks an invariant.
pub fn check_one(src: &Source, d: &Diagnostic) {
    let p = invariants::problems(src, d);
    assert!(p.is_empty(), "{}: {d:?}", p.join("; "));
}
