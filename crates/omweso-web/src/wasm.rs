//! The WebAssembly exports: a page writes a request's UTF-8 text into
//! memory it got from [`omw_alloc`], calls [`omw_answer`], and reads the
//! answer's [`omw_answer_len`] bytes at [`omw_answer_ptr`]. One request at
//! a time (a Web Worker is single-threaded); the answer stays readable
//! until the next call.
//!
//! [`omw_source`] gives the hash of the sources the module was built from
//! ([`SOURCE_HASH`]), which the project's tests compare with the sources of
//! the checkout, so that a stale module cannot ship.

use std::cell::RefCell;

/// A hash (FNV-1a, 64 bits) of the engine, diagram and web crates' sources
/// and manifests this build was made from (see `build.rs`).
pub const SOURCE_HASH: &str = env!("OMWESO_WEB_SOURCE_HASH");

/// [`SOURCE_HASH`] as it appears in the module's bytes.
pub const SOURCE_MARK: &str = concat!("omweso-web-source:", env!("OMWESO_WEB_SOURCE_HASH"));

thread_local! {
    static ANSWER: RefCell<String> = const { RefCell::new(String::new()) };
}

/// `len` bytes of memory for a request; [`omw_answer`] frees them.
#[unsafe(no_mangle)]
pub extern "C" fn omw_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Answer the request of `len` bytes at `ptr` (from [`omw_alloc`], which
/// this frees); returns the answer's length in bytes.
///
/// # Safety
/// `ptr` must come from `omw_alloc(len)` and hold `len` initialised bytes;
/// it must not be used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn omw_answer(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: the caller gives back what omw_alloc(len) made, filled.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    let text = String::from_utf8_lossy(&bytes);
    let answer = crate::answer(&text);
    ANSWER.with(|a| {
        let mut a = a.borrow_mut();
        *a = answer;
        a.len()
    })
}

/// The longest request the module reads ([`crate::MAX_REQUEST_BYTES`]):
/// the glue hands it at most one byte more of a longer one.
#[unsafe(no_mangle)]
pub extern "C" fn omw_max_request() -> usize {
    crate::MAX_REQUEST_BYTES
}

/// Where the last answer's bytes are.
#[unsafe(no_mangle)]
pub extern "C" fn omw_answer_ptr() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}

/// The last answer's length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn omw_answer_len() -> usize {
    ANSWER.with(|a| a.borrow().len())
}

/// Where [`SOURCE_MARK`] is in memory (its length is
/// `SOURCE_MARK.len()`), so that it stays in the module.
#[unsafe(no_mangle)]
pub extern "C" fn omw_source() -> *const u8 {
    SOURCE_MARK.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_through_the_exports() {
        let req = "do moves\nvariant modern\nto_move south\nboard 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2\n";
        let p = omw_alloc(req.len());
        // SAFETY: p holds req.len() bytes, from omw_alloc.
        let n = unsafe {
            std::ptr::copy_nonoverlapping(req.as_ptr(), p, req.len());
            omw_answer(p, req.len())
        };
        assert_eq!(n, omw_answer_len());
        // SAFETY: the answer is n bytes at omw_answer_ptr until the next call.
        let answer = unsafe { std::slice::from_raw_parts(omw_answer_ptr(), n) };
        let answer = std::str::from_utf8(answer).unwrap();
        assert!(
            answer.starts_with("{\"variant\":\"modern\",\"to_move\":\"south\",\"moves\":[{"),
            "{answer}"
        );
        assert_eq!(SOURCE_MARK.len(), "omweso-web-source:".len() + 16);
    }
}
