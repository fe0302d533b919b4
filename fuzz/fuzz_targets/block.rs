//! A fenced `omweso` block of a chapter, ten lines into its file.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::{Source, parse_block};
use omweso_fuzz::{check_result, text, variants};

fuzz_target!(|data: &[u8]| {
    let src = Source::block("fuzz/chapter.md", text(data), 10);
    check_result(&src, &parse_block(&src, variants()));
});
