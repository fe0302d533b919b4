//! The site configuration, `omweso.yaml`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::Source;
use omweso::site::Config;
use omweso_fuzz::{check_result, text};

fuzz_target!(|data: &[u8]| {
    let src = Source::new("fuzz/omweso.yaml", text(data));
    check_result(&src, &Config::parse(&src));
});
