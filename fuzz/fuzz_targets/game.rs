//! A game record: parsed, then replayed through the engine.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::{Source, parse_game, replay};
use omweso_fuzz::{check_result, text, variants};

fuzz_target!(|data: &[u8]| {
    let src = Source::new("fuzz/game.yaml", text(data));
    let r = parse_game(&src, variants());
    check_result(&src, &r);
    if let Ok(game) = &r {
        let played = replay(game, 0);
        assert!(played.plies.len() <= game.moves.len());
    }
});
