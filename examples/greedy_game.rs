//! How `content/games/demonstration-greedy.yaml` was made: from Shackell's
//! rule-4 arrangement (four seeds in each outer pit), each side plays the
//! finite legal move that captures most, the lowest pit (then the canonical
//! notation) breaking ties, until the game ends. Prints the moves with their
//! captures, laps and any result.
//!
//! `cargo run --example greedy_game -- [VARIANT] [MAX_PLIES]`

use omweso::diagram::narrate;
use omweso::engine::{Board, Position, Side, legal_moves, notation, outcome};
use omweso::model::Variants;
use std::cmp::Reverse;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("shackell-1935", String::as_str);
    let max_plies: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let variants = Variants::builtin();
    let Some(variant) = variants.get(name) else {
        eprintln!("unknown variant {name:?}");
        std::process::exit(2);
    };
    let rules = variant.variant.rules;
    let mut pos = Position::start(Board::counted_out(), Side::South);
    for ply in 1..=max_plies {
        let mut moves = legal_moves(&rules, &pos);
        moves.retain(|m| !m.end.is_never_ending());
        moves.sort_by_key(|m| {
            (
                Reverse(m.end.captured()),
                m.mv.pit.number(),
                notation::format(&m.mv),
            )
        });
        let Some(best) = moves.first() else {
            println!("# {} has no finite move", pos.to_move.title());
            break;
        };
        let played = outcome(&rules, &pos, &best.mv).expect("a listed move is legal");
        let Some(done) = played.end.finished() else {
            unreachable!("never-ending moves were left out")
        };
        println!(
            "{ply:>3}. {:<6} captured {:>2}, {:>3} laps{}",
            notation::format_with_side(pos.to_move, &best.mv),
            done.captured,
            done.laps,
            done.result
                .map(|r| format!(": {}", narrate::result(&r)))
                .unwrap_or_default()
        );
        if done.result.is_some() {
            break;
        }
        pos = played
            .after
            .expect("a finished move has a position after it");
    }
}
