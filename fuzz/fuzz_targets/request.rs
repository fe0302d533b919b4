//! A question to the reader's module (`omweso_web`), as a page writes it:
//! lines of `key value`. What parses is written back as text that parses
//! to the same request; the quick questions (a board, the players'
//! set-ups) are answered as JSON; what does not parse says why.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso_fuzz::text;
use omweso_web::{Command, Request, answer};

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    match Request::parse(&text) {
        Ok(req) => {
            let again = Request::parse(&req.text()).expect("a request's own text parses");
            assert_eq!(again, req);
            if matches!(req.command, Command::Board | Command::Setup) {
                let json = answer(&text);
                assert!(json.starts_with('{') && json.ends_with('}'), "{json}");
                assert!(!json.starts_with("{\"error\""), "{json}");
            }
        }
        Err(e) => assert!(!e.trim().is_empty(), "a refusal without a reason"),
    }
});
