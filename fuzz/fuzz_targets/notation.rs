//! A move in notation (`S12`, `7AC`, `5T`), as written after `move:` or
//! given to `omweso play`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::diagram::narrate::notation_error;
use omweso::engine::notation;
use omweso::model::{Diagnostic, Source};
use omweso_fuzz::{check_one, text};

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let src = Source::new("fuzz/move.txt", text.as_str());
    match notation::parse(&text) {
        Ok(n) => {
            // what parses formats back to a move that parses the same
            let again = notation::parse(&notation::format(&n.mv)).expect("formatted move");
            assert_eq!(again.mv.pit, n.mv.pit);
            assert_eq!(again.mv.three_seed, n.mv.three_seed);
        }
        // what a user reads is the narrator's wording
        Err(e) => check_one(&src, &Diagnostic::new(&src.path, 1, 1, notation_error(&e))),
    }
});
