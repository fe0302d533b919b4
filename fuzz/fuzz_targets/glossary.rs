//! The glossary, `content/glossary.yaml`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::{Diagnostics, Source};
use omweso::site::parse_glossary;
use omweso_fuzz::{check, text};

fuzz_target!(|data: &[u8]| {
    let src = Source::new("fuzz/glossary.yaml", text(data));
    let mut errs = Diagnostics::default();
    let terms = parse_glossary(&src, &mut errs);
    if !errs.is_empty() {
        check(&src, &errs);
    }
    for t in &terms {
        assert_eq!(t.see.len(), t.see_at.len());
    }
});
