//! A position file: parsed, and its move played (laps not recorded, as
//! `omweso check` does).
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::{Source, parse_positions};
use omweso_fuzz::{check_one, check_result, text, variants};

fuzz_target!(|data: &[u8]| {
    let src = Source::new("fuzz/position.yaml", text(data));
    let r = parse_positions(&src, variants());
    check_result(&src, &r);
    for doc in r.iter().flatten() {
        if let Some(Err(d)) = doc.play(0) {
            check_one(&src, &d);
        }
    }
});
