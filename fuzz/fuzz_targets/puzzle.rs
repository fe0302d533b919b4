//! A puzzle file: parsed and verified (the exhaustive check that its
//! solution, and no other move, achieves its goal).
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::Source;
use omweso::puzzle::verify_source;
use omweso_fuzz::{check_result, text, variants};

fuzz_target!(|data: &[u8]| {
    let src = Source::new("fuzz/puzzle.yaml", text(data));
    check_result(&src, &verify_source(&src, variants()));
});
