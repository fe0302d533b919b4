//! Property tests: seed conservation, determinism, North/South mirror
//! symmetry, and agreement between move generation, playing (traced or
//! not) and notation.
//!
//! Each property is checked on [`CASES`] random positions of up to 224
//! seeds drawn by the engine's generator from a fixed seed (a property's
//! own): such a position can hold a never-ending move whose cycle is
//! decided exactly only after hours, so every run must draw the same
//! positions (these take seconds), not new ones that may meet such a
//! cycle. Every property asserts how many cases and moves it checked.

use crate::harness::{VARIANTS, small_position};
use omweso_engine::notation;
use omweso_engine::search::Rng;
use omweso_engine::{
    GameResult, LegalMove, MoveEnd, MoveList, Position, Rules, legal_moves, legal_moves_into,
    outcome, reference, trace,
};

/// Random positions checked by each property.
const CASES: usize = 128;

/// `check` on [`CASES`] positions and variants drawn from `seed`; the
/// moves it reports checking, which must be at least `min_moves`.
fn cases(seed: u64, min_moves: usize, mut check: impl FnMut(&mut Rng, &Rules, &Position) -> usize) {
    let mut rng = Rng::new(seed);
    let (mut n, mut moves) = (0, 0);
    for _ in 0..CASES {
        let p = small_position(&mut rng);
        let rules = VARIANTS[rng.below(4) as usize];
        moves += check(&mut rng, &rules, &p);
        n += 1;
    }
    assert_eq!(n, CASES);
    assert!(moves >= min_moves, "{moves} moves checked in {n} cases");
}

fn mirror_end(end: &MoveEnd) -> MoveEnd {
    let flip = |r: GameResult| match r {
        GameResult::Win {
            winner,
            kind,
            points,
        } => GameResult::Win {
            winner: winner.opponent(),
            kind,
            points,
        },
        other => other,
    };
    match *end {
        MoveEnd::Finished(mut f) => {
            f.board = f.board.mirrored();
            f.result = f.result.map(flip);
            MoveEnd::Finished(f)
        }
        MoveEnd::NeverEnding(mut n) => {
            n.result = flip(n.result);
            MoveEnd::NeverEnding(n)
        }
    }
}

#[test]
fn seeds_are_conserved_and_only_captured_seeds_change_sides() {
    let mut captures = 0;
    cases(1, 500, |_, rules, p| {
        let mover = p.to_move;
        let moves = legal_moves(rules, p);
        for m in &moves {
            if let MoveEnd::Finished(f) = m.end {
                assert_eq!(f.board.total(), p.board.total(), "{p:?}");
                let gained = f.board.side_total(mover) - p.board.side_total(mover);
                assert_eq!(gained, f.captured, "{p:?}");
                captures += (f.captured > 0) as usize;
                let opp = mover.opponent();
                for (a, b) in f.board.side(opp).iter().zip(p.board.side(opp)) {
                    assert!(
                        *a == *b || *a == 0,
                        "an opponent pit changed without being captured: {p:?}"
                    );
                }
            }
        }
        moves.len()
    });
    assert!(captures > 100, "{captures}");
}

#[test]
fn a_reused_move_list_holds_the_general_explorers_moves() {
    // one move list for all the cases, as a caller reuses it
    let mut list = MoveList::new();
    cases(2, 500, |_, rules, p| {
        let general = reference::general_legal_moves(rules, p);
        legal_moves_into(rules, p, &mut list);
        // exactly, the never-ending detection's own work included
        assert_eq!(list.to_vec(), general, "{p:?}");
        for m in list.iter() {
            let played = outcome(rules, p, &m.to_move()).unwrap();
            assert_eq!(m.position_after(), played.after, "{p:?}");
            assert_eq!(m.result(), played.end.result(), "{p:?}");
        }
        list.len()
    });
}

#[test]
fn move_generation_is_deterministic() {
    cases(3, 500, |_, rules, p| {
        let a = legal_moves(rules, p);
        assert_eq!(a, legal_moves(rules, p), "{p:?}");
        a.len()
    });
}

#[test]
fn north_and_south_are_mirror_images() {
    cases(4, 500, |_, rules, p| {
        let a = legal_moves(rules, p);
        let b = legal_moves(rules, &p.mirrored());
        assert_eq!(a.len(), b.len(), "{p:?}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(&x.mv, &y.mv, "{p:?}");
            assert_eq!(mirror_end(&x.end), y.end, "{p:?}");
        }
        a.len()
    });
}

#[test]
fn play_and_notation_agree_with_move_generation() {
    cases(5, 500, |_, rules, p| {
        let moves = legal_moves(rules, p);
        for LegalMove { mv, end } in &moves {
            let text = notation::format(mv);
            let parsed = notation::parse(&text).unwrap().mv;
            assert!(parsed.same_as(mv), "{text} did not round-trip");
            let played = outcome(rules, p, &parsed).unwrap();
            match (end, played.end) {
                (MoveEnd::Finished(a), MoveEnd::Finished(b)) => assert_eq!(*a, b, "{text}"),
                (MoveEnd::NeverEnding(a), MoveEnd::NeverEnding(b)) => {
                    assert_eq!(a.cycle_laps, b.cycle_laps, "{text}")
                }
                (a, b) => panic!("{text}: generation says {a:?}, play says {b:?}"),
            }
        }
        moves.len()
    });
}

#[test]
fn untraced_play_ends_as_traced_play() {
    cases(6, 500, |rng, rules, p| {
        let p = Position {
            opponent_first_move: rng.chance(1, 2),
            ..*p
        };
        let max_laps = rng.below(4) as usize;
        let moves = legal_moves(rules, &p);
        for m in &moves {
            let o = outcome(rules, &p, &m.mv).unwrap();
            let t = trace(rules, &p, &m.mv, max_laps).unwrap();
            assert_eq!(o.end, t.end, "{p:?}");
            assert_eq!(o.after, t.after, "{p:?}");
            assert!(t.laps.len() <= max_laps.max(1));
            match m.end {
                MoveEnd::Finished(f) => {
                    let after = f.position_after(&p);
                    assert_eq!(o.after, Some(after));
                    assert_eq!(after.to_move, p.to_move.opponent());
                    assert_eq!(after.first_move, p.opponent_first_move);
                    assert!(!after.opponent_first_move);
                    assert_eq!(
                        after.before_first_capture,
                        p.before_first_capture && f.captured == 0
                    );
                }
                MoveEnd::NeverEnding(_) => assert_eq!(o.after, None),
            }
        }
        moves.len()
    });
}
