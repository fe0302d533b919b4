//! A variant file.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::{Source, parse_variant};
use omweso_fuzz::{check_result, text};

fuzz_target!(|data: &[u8]| {
    let src = Source::new("fuzz/variant.yaml", text(data));
    check_result(&src, &parse_variant(&src));
});
