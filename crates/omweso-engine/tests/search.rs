//! The search player: legal, deterministic, within its budget, finds wins;
//! the set-up policy; the evaluation's symmetry.

use omweso_engine::search::{
    Answer, Config, FEATURES, Limits, Rng, Score, Searcher, WIN, WIN_THRESHOLD, Weights, evaluate,
    features, setup,
};
use omweso_engine::{
    Board, GameResult, LegalMove, Move, Pit, Position, Rules, Side, legal_moves, outcome,
};

const VARIANTS: [Rules; 4] = [
    Rules::SHACKELL_1935,
    Rules::MODERN,
    Rules::LUDII,
    Rules::MCGILL_2015,
];

/// Positions from random and greedy play from drawn set-ups.
fn positions(rules: &Rules, seed: u64, games: u64) -> Vec<Position> {
    omweso_engine::reference::positions_from_play(rules, seed, games)
}

#[test]
fn the_best_move_is_always_legal() {
    for rules in &VARIANTS {
        let all = positions(rules, 11, 6);
        // every fifth position, to keep the test short
        for pos in all.iter().step_by(5) {
            let mut s = Searcher::new(Config::default());
            let r = s.search(rules, pos, Limits::nodes(300), &mut || false);
            let moves = legal_moves(rules, pos);
            match &r.best {
                None => assert!(moves.is_empty()),
                Some(best) => {
                    assert!(
                        moves
                            .iter()
                            .any(|m| m.mv.same_as(&best.mv) && m.end == best.end)
                    );
                    let o = outcome(rules, pos, &best.mv).expect("the engine accepts it");
                    assert_eq!(o.end, best.end);
                    assert!(r.pv[0].same_as(&best.mv));
                }
            }
        }
    }
}

#[test]
fn searches_are_deterministic() {
    for rules in &VARIANTS {
        for pos in positions(rules, 5, 2).iter().step_by(7) {
            let a =
                Searcher::new(Config::default())
                    .search(rules, pos, Limits::depth(3), &mut || false);
            let b =
                Searcher::new(Config::default())
                    .search(rules, pos, Limits::depth(3), &mut || false);
            assert_eq!(a, b);
            let c = Searcher::new(Config::default()).search(
                rules,
                pos,
                Limits::nodes(500),
                &mut || false,
            );
            let d = Searcher::new(Config::default()).search(
                rules,
                pos,
                Limits::nodes(500),
                &mut || false,
            );
            assert_eq!(c, d);
        }
    }
}

#[test]
fn the_node_budget_is_respected() {
    for rules in &VARIANTS {
        for pos in positions(rules, 3, 2).iter().step_by(6) {
            for budget in [50, 400, 2000] {
                let r = Searcher::new(Config::default()).search(
                    rules,
                    pos,
                    Limits::nodes(budget),
                    &mut || false,
                );
                // leaves of a depth-one node are scored together: the
                // overshoot is at most one position's moves
                let branching = legal_moves(rules, pos).len().max(64) as u64;
                assert!(
                    r.nodes <= budget + branching,
                    "{} nodes for a budget of {budget}",
                    r.nodes
                );
            }
        }
    }
}

#[test]
fn the_stop_callback_ends_the_search_with_a_legal_move() {
    let rules = Rules::SHACKELL_1935;
    let pos = Position {
        board: Board::from_sides(setup::CHECKING, setup::CHECKING),
        to_move: Side::South,
        first_move: true,
        opponent_first_move: true,
        before_first_capture: true,
    };
    let mut polls = 0;
    let r = Searcher::new(Config::default()).search(&rules, &pos, Limits::unbounded(), &mut || {
        polls += 1;
        polls > 300
    });
    assert!(r.stopped);
    assert!(r.depth >= 1);
    let best = r.best.expect("a move");
    assert!(
        legal_moves(&rules, &pos)
            .iter()
            .any(|m| m.mv.same_as(&best.mv))
    );
}

#[test]
fn a_win_at_once_is_taken() {
    // South's pit 5 sows into pit 7 and North is left without a move
    let mut south = [0; 16];
    south[4] = 2;
    south[12] = 3;
    let mut north = [0; 16];
    north[3] = 1;
    let pos = Position::new(Board::from_sides(south, north), Side::South);
    for rules in &VARIANTS {
        let r =
            Searcher::new(Config::default()).search(rules, &pos, Limits::depth(4), &mut || false);
        let best = r.best.unwrap();
        assert!(matches!(
            best.end.result(),
            Some(GameResult::Win {
                winner: Side::South,
                ..
            })
        ));
        assert_eq!(Score::of(r.score), Score::Win(1));
    }
}

#[test]
fn a_forced_win_in_three_plies_is_found() {
    // Search the generated positions for a forced win the search proves,
    // and check it by brute force: every reply loses to a winning move.
    let rules = Rules::MCGILL_2015;
    let mut found = 0;
    for pos in positions(&rules, 21, 12) {
        let moves = legal_moves(&rules, &pos);
        if moves.iter().any(|m| m.end.result().is_some()) {
            continue;
        }
        let r =
            Searcher::new(Config::default()).search(&rules, &pos, Limits::depth(3), &mut || false);
        if r.score < WIN_THRESHOLD {
            continue;
        }
        assert_eq!(Score::of(r.score), Score::Win(3));
        let f = r.best.unwrap().end.finished().copied().unwrap();
        let after = f.position_after(&pos);
        for reply in legal_moves(&rules, &after) {
            let g = reply.end.finished().expect("a finished reply");
            assert!(g.result.is_none());
            let next = g.position_after(&after);
            assert!(
                legal_moves(&rules, &next)
                    .iter()
                    .any(|m| matches!(m.end.result(), Some(GameResult::Win { winner, .. }) if winner == pos.to_move))
            );
        }
        found += 1;
    }
    assert!(
        found > 0,
        "no forced win in three plies among the positions"
    );
}

#[test]
fn no_move_means_a_lost_position() {
    let pos = Position::new(Board::from_sides([1; 16], [2; 16]), Side::South);
    let r = Searcher::new(Config::default()).search(
        &Rules::MODERN,
        &pos,
        Limits::depth(3),
        &mut || false,
    );
    assert!(r.best.is_none());
    assert!(r.score <= -WIN_THRESHOLD);
}

#[test]
fn set_ups_hold_32_seeds_and_follow_the_advice() {
    let mut limited = Rules::MODERN;
    limited.max_setup_seeds_per_pit = Some(5);
    let mut tight = Rules::MODERN;
    tight.max_setup_seeds_per_pit = Some(2);
    let mut rng = Rng::new(99);
    for _ in 0..500 {
        for rules in [Rules::SHACKELL_1935, limited] {
            let cap = rules.max_setup_seeds_per_pit.unwrap_or(8);
            let (s, style) = setup::arrange_by_the_sources(&rules, &mut rng);
            assert_ne!(style, setup::Style::Spread);
            assert_eq!(s.iter().map(|&n| n as u32).sum::<u32>(), 32);
            assert!((1..=8).all(|k| s[k - 1] == 0 || s[16 - k] == 0), "{s:?}");
            assert!(s.iter().all(|&n| n <= cap));
            // the policy: the sources' styles and the spread one, every
            // pit used able to move; or, where arrangements were chosen
            // against strong play, one of those (chosen by games, not by
            // the advice: some fill a column or leave a single seed)
            let side = [Side::South, Side::North][rng.below(2) as usize];
            let (s, style) = setup::arrange_styled(&rules, side, &mut rng);
            assert_eq!(s.iter().map(|&n| n as u32).sum::<u32>(), 32);
            if style == setup::Style::Chosen {
                assert!(setup::chosen(&rules, side).contains(&s), "{s:?}");
                continue;
            }
            assert!(s.iter().all(|&n| n <= cap && n != 1), "{style:?} {s:?}");
            if style != setup::Style::Spread {
                assert!((1..=8).all(|k| s[k - 1] == 0 || s[16 - k] == 0), "{s:?}");
            }
        }
        let s = setup::arrange(&tight, Side::North, &mut rng);
        assert_eq!(s, [2; 16]);
        assert_eq!(setup::arrange_by_the_sources(&tight, &mut rng).0, [2; 16]);
        let r = setup::random(&Rules::LUDII, &mut rng);
        assert_eq!(r.iter().map(|&n| n as u32).sum::<u32>(), 32);
    }
}

#[test]
fn each_set_up_style_is_what_it_says() {
    use omweso_engine::search::setup::Style;
    let mut limited = Rules::MODERN;
    limited.max_setup_seeds_per_pit = Some(4);
    let mut rng = Rng::new(5);
    for rules in [Rules::SHACKELL_1935, Rules::LUDII, limited] {
        let cap = rules.max_setup_seeds_per_pit.unwrap_or(8);
        for style in Style::ALL {
            let (mut inner, mut outer) = (0, 0);
            for _ in 0..200 {
                let s = setup::arrange_as(&rules, style, &mut rng);
                assert_eq!(
                    s.iter().map(|&n| n as u32).sum::<u32>(),
                    32,
                    "{style:?} {s:?}"
                );
                assert!(s.iter().all(|&n| n <= cap), "{style:?} {s:?}");
                let used = s.iter().filter(|&&n| n > 0).count();
                // every pit used holds at least two seeds: it can move
                assert!(s.iter().all(|&n| n == 0 || n >= 2), "{style:?} {s:?}");
                match style {
                    Style::Checking => assert_eq!(s, setup::CHECKING),
                    Style::Spread => assert!((12..=16).contains(&used), "{s:?}"),
                    _ => {
                        assert!((1..=8).all(|k| s[k - 1] == 0 || s[16 - k] == 0), "{s:?}");
                        assert!((6..=8).contains(&used), "{style:?} {s:?}");
                    }
                }
                outer += s[..8].iter().filter(|&&n| n > 0).count();
                inner += s[8..].iter().filter(|&&n| n > 0).count();
            }
            match style {
                Style::Outer => assert!(outer > 2 * inner, "{outer} {inner}"),
                Style::Inner => assert!(inner > 2 * outer, "{outer} {inner}"),
                Style::Mixed | Style::Spread => {
                    assert!(
                        inner * 3 > outer * 2 && outer * 3 > inner * 2,
                        "{outer} {inner}"
                    )
                }
                Style::Checking => assert_eq!(inner, 0),
                // not among the styles drawn (a rule set's own table)
                Style::Chosen => {}
            }
        }
    }
}

#[test]
fn the_evaluation_is_symmetric() {
    for rules in &VARIANTS {
        for pos in positions(rules, 8, 2) {
            let w = Weights::default();
            assert_eq!(evaluate(&w, &pos), evaluate(&w, &pos.mirrored()));
        }
    }
}

#[test]
fn the_evaluation_is_its_features_weighted() {
    // every term moves the evaluation by its own weight alone
    for rules in &VARIANTS {
        for pos in positions(rules, 8, 2) {
            let f = features(&pos);
            for i in 0..FEATURES {
                let mut a = Weights::default().to_array();
                a[i] += 1;
                let (w, w1) = (Weights::default(), Weights::from_array(a));
                assert_eq!(evaluate(&w1, &pos) - evaluate(&w, &pos), f[i]);
            }
        }
    }
}

#[test]
fn the_features_are_what_their_definitions_say() {
    // the features written out from their definitions, pit by pit in
    // Shackell's numbering (1–16: outer 1–8, inner 9–16), against the
    // evaluation's own (branch-free) form
    let pit = |s: &[u16; 16], n: usize| i32::from(s[n - 1]);
    // a column facing inner pit `p` (9–16): the other side's inner 25 − p
    // and outer p − 8
    let threats = |att: &[u16; 16], def: &[u16; 16]| {
        let (mut max, mut exposed) = (0, 0);
        for p in 9..=16 {
            let (inner, outer) = (pit(def, 25 - p), pit(def, p - 8));
            if inner > 0 && outer > 0 {
                exposed += inner + outer;
                if pit(att, p) > 0 {
                    max = max.max(inner + outer);
                }
            }
        }
        (max, exposed)
    };
    let mut checked = 0;
    for rules in &VARIANTS {
        for pos in positions(rules, 9, 3) {
            let me = pos.board.side(pos.to_move);
            let op = pos.board.side(pos.to_move.opponent());
            let total = |s: &[u16; 16]| (1..=16).map(|n| pit(s, n)).sum::<i32>();
            let movable = |s: &[u16; 16]| (1..=16).filter(|&n| pit(s, n) >= 2).count() as i32;
            let (my_threat, their_exposed) = threats(me, op);
            let (their_threat, my_exposed) = threats(op, me);
            let want = [
                total(me) - total(op),
                movable(me) - movable(op),
                my_threat,
                -their_threat,
                their_exposed - my_exposed,
            ];
            assert_eq!(features(&pos), want, "{pos:?}");
            checked += 1;
        }
    }
    assert!(checked >= 150, "only {checked} positions");
}

#[test]
fn a_single_move_is_played_without_search() {
    let mut south = [0; 16];
    south[0] = 2;
    let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
    let r = Searcher::new(Config::default()).search(
        &Rules::MCGILL_2015,
        &pos,
        Limits::depth(5),
        &mut || false,
    );
    assert_eq!(r.depth, 0);
    assert!(
        r.best
            .unwrap()
            .mv
            .same_as(&Move::forward(Pit::new(1).unwrap()))
    );
}

/// Issue 13's position: South's S12 cycles for 1,411,989,072 laps (about
/// 9 s to decide exactly).
fn billion_lap_cycle() -> Position {
    Position {
        board: Board::from_grid(&[
            [1, 1, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 2, 1],
            [18, 17, 3, 6, 4, 1, 4, 1],
            [0, 1, 0, 1, 0, 1, 0, 2],
        ]),
        to_move: Side::South,
        first_move: false,
        opponent_first_move: false,
        before_first_capture: false,
    }
}

#[test]
fn a_long_generation_stops_when_told_and_guesses_nothing() {
    use omweso_engine::{MoveList, legal_moves_until};
    use std::cell::Cell;
    let pos = billion_lap_cycle();
    let mut list = MoveList::new();
    // a stop that says yes at its fourth poll: polled every ~10^6 laps of
    // the long move, so the generation gives up after a few million laps
    let polls = Cell::new(0u32);
    let done = legal_moves_until(&Rules::MCGILL_2015, &pos, &mut list, &|| {
        polls.set(polls.get() + 1);
        polls.get() >= 4
    });
    assert!(!done, "the generation ran to its end");
    assert_eq!(polls.get(), 4);
    // a generation of short moves never polls its stop, and is whole
    let polls_after = Cell::new(0u32);
    let mut list2 = MoveList::new();
    let pos_short = Position {
        board: Board::from_sides([2; 16], [2; 16]),
        ..pos
    };
    assert!(legal_moves_until(
        &Rules::MCGILL_2015,
        &pos_short,
        &mut list2,
        &|| {
            polls_after.set(polls_after.get() + 1);
            true
        }
    ));
    assert_eq!(polls_after.get(), 0, "a short generation is never polled");
    assert_eq!(
        list2.len(),
        legal_moves(&Rules::MCGILL_2015, &pos_short).len()
    );
}

#[test]
fn a_stop_during_the_roots_long_generation_still_answers_a_whole_move() {
    use std::cell::Cell;
    let pos = billion_lap_cycle();
    let rules = &Rules::MCGILL_2015;
    let long = Pit::new(12).unwrap();
    // A clock that has already run out. The root's generation heeds it
    // only once it has listed a move, which the pits before S12 give; then
    // S12's cycle of 1.4 billion laps (about 1,300 polls to decide) is left
    // at its first poll.
    let polls = Cell::new(0u32);
    let mut player = Searcher::new(Config::default());
    let r = player.search(rules, &pos, Limits::depth(6), &mut || {
        polls.set(polls.get() + 1);
        true
    });
    assert!(r.stopped);
    assert!(polls.get() < 10, "{} polls", polls.get());
    // not even one ply over every move: the list was left incomplete
    assert_eq!(r.depth, 0);
    let best = r.best.expect("a move is answered");
    assert!(best.mv.pit.index() < long.index(), "{:?}", best.mv);
    // the answer is one of the legal moves from its pit, whole and exact
    let mut from = Vec::new();
    omweso_engine::moves_from(rules, &pos, best.mv.pit, &mut from);
    assert!(from.contains(&best), "{best:?} is not among {from:?}");
}

/// A node budget bounds a search through a move of a billion laps: each
/// poll of the long generation counts as `NODES_A_POLL` positions, so the
/// root's generation gives up (once it has a move) when the budget is
/// spent, as it does for a clock; the answer is still a whole legal move.
#[test]
fn a_node_budget_bounds_the_roots_long_generation() {
    use omweso_engine::search::NODES_A_POLL;
    use std::cell::Cell;
    let pos = billion_lap_cycle();
    let rules = &Rules::MCGILL_2015;
    for budget in [1, 3 * NODES_A_POLL] {
        let polls = Cell::new(0u32);
        let mut player = Searcher::new(Config::default());
        let r = player.search(rules, &pos, Limits::nodes(budget), &mut || {
            polls.set(polls.get() + 1);
            false
        });
        // S12's cycle takes about 1,300 polls to decide
        assert!(r.stopped, "budget {budget}");
        assert!(polls.get() <= 4, "budget {budget}: {} polls", polls.get());
        let best = r.best.expect("a move is answered");
        let mut from = Vec::new();
        omweso_engine::moves_from(rules, &pos, best.mv.pit, &mut from);
        assert!(from.contains(&best), "{best:?} is not among {from:?}");
    }
}

#[test]
fn the_policy_draws_only_the_chosen_arrangements_where_there_are_some() {
    let mut checked = 0;
    for rules in [
        Rules::MCGILL_2015,
        Rules::SHACKELL_1935,
        Rules::MODERN,
        Rules::LUDII,
    ] {
        for side in [Side::South, Side::North] {
            let table = setup::chosen(&rules, side);
            assert!(!table.is_empty(), "{rules:?}");
            for a in table {
                assert_eq!(a.iter().map(|&n| n as u32).sum::<u32>(), 32, "{a:?}");
            }
            let mut rng = Rng::new(11);
            let mut seen = std::collections::HashSet::new();
            for _ in 0..200 {
                let (s, style) = setup::arrange_styled(&rules, side, &mut rng);
                assert_eq!(style, setup::Style::Chosen);
                assert!(table.contains(&s), "{s:?}");
                seen.insert(s);
                checked += 1;
            }
            // variety: every chosen arrangement is drawn
            assert_eq!(seen.len(), table.len());
        }
        // one table for both seats, but under Ludii's rules
        let same = setup::chosen(&rules, Side::South) == setup::chosen(&rules, Side::North);
        assert_eq!(same, rules != Rules::LUDII, "{rules:?}");
    }
    assert_eq!(checked, 1600);
    // where none are chosen (a variant of the author's own), the styles
    let own = Rules {
        max_setup_seeds_per_pit: Some(9),
        ..Rules::LUDII
    };
    for side in [Side::South, Side::North] {
        assert!(setup::chosen(&own, side).is_empty());
        let (_, style) = setup::arrange_styled(&own, side, &mut Rng::new(11));
        assert_ne!(style, setup::Style::Chosen);
    }
}

#[test]
fn helper_threads_search_together_and_answer_a_legal_move() {
    let mut checked = 0;
    for rules in VARIANTS {
        for pos in positions(&rules, 11, 2).into_iter().step_by(9) {
            let moves = legal_moves(&rules, &pos);
            if moves.len() < 2 {
                continue;
            }
            let config = Config {
                threads: 2,
                ..Config::default()
            };
            let together =
                Searcher::new(config).search(&rules, &pos, Limits::depth(4), &mut || false);
            let alone = Searcher::new(Config::default()).search(
                &rules,
                &pos,
                Limits::depth(4),
                &mut || false,
            );
            let best = together.best.expect("a move");
            assert!(moves.iter().any(|m| m.mv.same_as(&best.mv)));
            assert!(together.pv[0].same_as(&best.mv));
            if alone.score.abs() < WIN_THRESHOLD {
                assert_eq!(together.depth, 4, "{pos:?}");
            }
            // the helper's positions count too
            assert!(
                together.nodes > alone.nodes / 2,
                "{} {}",
                together.nodes,
                alone.nodes
            );
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked} positions");
}

#[test]
fn a_stop_ends_every_thread() {
    let all = positions(&Rules::MCGILL_2015, 3, 2);
    let pos = all[all.len() / 2];
    let config = Config {
        threads: 3,
        ..Config::default()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(200);
    let t = std::time::Instant::now();
    let r =
        Searcher::new(config).search(&Rules::MCGILL_2015, &pos, Limits::unbounded(), &mut || {
            std::time::Instant::now() >= deadline
        });
    assert!(r.best.is_some());
    assert!(r.stopped);
    // the helpers stop with the main thread (generous: a loaded machine)
    assert!(t.elapsed().as_secs_f64() < 5.0, "{:?}", t.elapsed());
}

/// Plain minimax to `depth` plies, scored as the search scores (the
/// evaluation at the leaves, a win less the plies to it, a lost position
/// when there is no move, a never-ending move 0): what the search must
/// answer at a fixed depth.
fn minimax(rules: &Rules, pos: &Position, depth: u32, ply: u32) -> i32 {
    let moves = legal_moves(rules, pos);
    if moves.is_empty() {
        return -(WIN - ply as i32);
    }
    moves
        .iter()
        .map(|m| move_value(rules, pos, m, depth, ply))
        .max()
        .expect("a move")
}

/// The exact value of `m` for its mover, `depth` plies deep (the move
/// itself one of them) by plain minimax, `ply` plies from the root.
fn move_value(rules: &Rules, pos: &Position, m: &LegalMove, depth: u32, ply: u32) -> i32 {
    if m.end.is_never_ending() {
        return 0;
    }
    match m.end.result() {
        Some(GameResult::Win { .. }) => WIN - (ply as i32 + 1),
        Some(_) => 0,
        None => {
            let f = m.end.finished().expect("an ending move");
            let child = f.position_after(pos);
            if depth <= 1 {
                -evaluate(&Weights::default(), &child)
            } else {
                -minimax(rules, &child, depth - 1, ply + 1)
            }
        }
    }
}

/// The legal moves of a position the search answers by searching (two
/// or more, none winning at once), or None.
fn searched_moves(rules: &Rules, pos: &Position) -> Option<Vec<LegalMove>> {
    let moves = legal_moves(rules, pos);
    let at_once = moves
        .iter()
        .any(|m| matches!(m.end.result(), Some(GameResult::Win { .. })));
    (moves.len() >= 2 && !at_once).then_some(moves)
}

/// The search (alpha-beta with iterative deepening, the table's cut-offs
/// and move ordering, lazy deciding) answers exactly plain minimax's value
/// at a fixed depth, and a legal move.
#[test]
fn the_search_is_exact_minimax_at_a_fixed_depth() {
    let mut checked = 0;
    for rules in &VARIANTS {
        for pos in positions(rules, 31, 4).into_iter().step_by(3) {
            let Some(moves) = searched_moves(rules, &pos) else {
                continue; // answered without search
            };
            let mut s = Searcher::new(Config::default());
            let r = s.search(rules, &pos, Limits::depth(3), &mut || false);
            let best = r.best.expect("a move");
            assert!(moves.iter().any(|m| m.mv.same_as(&best.mv)));
            assert_eq!(r.score, minimax(rules, &pos, 3, 0), "{pos:?}");
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} positions checked");
}

/// A search whose answer is kept to iterations of one parity
/// ([`Answer::Even`], [`Answer::Odd`]) answers from the deepest finished
/// iteration of that parity: its depth has the parity, and its score is
/// plain minimax's at that depth, or, when the next iteration of the
/// parity was cut short after finding a better move, that move's exact
/// value two plies deeper. A depth limit answers from the limit whatever
/// its parity, as [`Answer::Any`] does.
#[test]
fn an_answer_kept_to_one_parity_comes_from_an_iteration_of_that_parity() {
    let mut checked = 0;
    let mut exact = 0;
    for rules in &VARIANTS {
        for pos in positions(rules, 37, 3).into_iter().step_by(5) {
            let Some(moves) = searched_moves(rules, &pos) else {
                continue; // answered without search
            };
            for (answer, parity) in [(Answer::Even, 0), (Answer::Odd, 1)] {
                let config = Config {
                    answer,
                    ..Config::default()
                };
                let fixed =
                    Searcher::new(config).search(rules, &pos, Limits::depth(3), &mut || false);
                let any = Searcher::new(Config::default()).search(
                    rules,
                    &pos,
                    Limits::depth(3),
                    &mut || false,
                );
                assert_eq!(fixed, any, "a depth limit answers from the limit");
                for budget in [120, 400] {
                    let r = Searcher::new(config).search(
                        rules,
                        &pos,
                        Limits::nodes(budget),
                        &mut || false,
                    );
                    let best = r.best.clone().expect("a move");
                    let best = moves
                        .iter()
                        .find(|m| m.mv.same_as(&best.mv) && m.end == best.end)
                        .expect("a legal move");
                    if r.score.abs() >= WIN_THRESHOLD {
                        continue; // a proved result answers at any depth
                    }
                    checked += 1;
                    // before the first iteration of the parity finishes,
                    // the first iteration answers
                    assert!(
                        r.depth % 2 == parity || r.depth == 1,
                        "{answer:?}: depth {}",
                        r.depth
                    );
                    if r.depth % 2 == parity && r.depth <= 3 {
                        let value = minimax(rules, &pos, r.depth, 0);
                        assert!(
                            r.score == value
                                || r.score == move_value(rules, &pos, best, r.depth + 2, 0),
                            "{answer:?} at depth {}: {} is neither {value} nor the move's value deeper",
                            r.depth,
                            r.score
                        );
                        exact += 1;
                    }
                }
            }
        }
    }
    assert!(checked >= 60, "only {checked} searches checked");
    assert!(exact >= 30, "only {exact} scores checked against minimax");
}

/// Lazy deciding (long start pits left pending below the root, decided
/// only when the search reaches them) gives the search's score and best
/// move at a fixed depth exactly as deciding every move at once does,
/// whatever the lap allowance (a tiny one leaves nearly every pit pending,
/// which reorders the moves and renames the table's best moves), and its
/// best move is always legal.
#[test]
fn lazy_deciding_keeps_the_fixed_depth_score() {
    let (mut positions_seen, mut deferred, mut decided) = (0, 0u64, 0u64);
    for rules in &VARIANTS {
        let mut all: Vec<Position> = positions(rules, 21, 3).into_iter().step_by(4).collect();
        if *rules == Rules::MCGILL_2015 {
            all.extend(omweso_engine::reference::long_cycle_positions());
        }
        for pos in &all {
            let search = |decide_laps: u64, depth: u32| {
                let mut s = Searcher::new(Config {
                    decide_laps,
                    ..Config::default()
                });
                s.search(rules, pos, Limits::depth(depth), &mut || false)
            };
            let moves = legal_moves(rules, pos);
            for depth in [3, 5] {
                let whole = search(u64::MAX, depth);
                assert_eq!((whole.deferred, whole.decided), (0, 0));
                for laps in [0, 40, omweso_engine::search::DECIDE_LAPS] {
                    let lazy = search(laps, depth);
                    assert_eq!(lazy.score, whole.score, "{pos:?} depth {depth} laps {laps}");
                    assert_eq!(lazy.depth, whole.depth);
                    match &lazy.best {
                        None => assert!(moves.is_empty()),
                        Some(b) => assert!(moves.iter().any(|m| m.mv.same_as(&b.mv))),
                    }
                    deferred += lazy.deferred;
                    decided += lazy.decided;
                }
            }
            positions_seen += 1;
        }
    }
    // the machinery was exercised: pits left pending, some decided later,
    // most never
    assert!(
        decided > 100 && deferred > decided,
        "{positions_seen} positions: {deferred} pending, {decided} decided"
    );
}

/// A Shackell middle-game position (from games of the panel player) whose
/// tree holds a never-ending move a few plies down, met at a node where
/// the search cuts off before reaching it: deciding every move at once
/// sows about 360 million laps to prove it never ends.
fn long_move_below_the_root() -> Position {
    Position {
        board: Board::from_sides(
            [1, 2, 0, 3, 7, 3, 0, 2, 4, 0, 0, 3, 2, 0, 1, 7],
            [1, 1, 0, 6, 0, 0, 0, 0, 8, 0, 0, 0, 2, 2, 8, 1],
        ),
        to_move: Side::South,
        first_move: false,
        opponent_first_move: false,
        before_first_capture: false,
    }
}

/// Lazily, a search sows far fewer laps for the same result when a long
/// move below the root is never reached.
#[test]
fn lazy_deciding_saves_the_long_moves_not_reached() {
    let rules = &Rules::SHACKELL_1935;
    let pos = long_move_below_the_root();
    let mut results = Vec::new();
    for decide_laps in [u64::MAX, omweso_engine::search::DECIDE_LAPS] {
        let mut s = Searcher::new(Config {
            decide_laps,
            ..Config::default()
        });
        results.push(s.search(rules, &pos, Limits::depth(6), &mut || false));
    }
    let (whole, lazy) = (&results[0], &results[1]);
    eprintln!(
        "laps: {} deciding every move, {} lazily",
        whole.laps, lazy.laps
    );
    assert_eq!((lazy.score, lazy.nodes), (whole.score, whole.nodes));
    assert!(
        lazy.best
            .as_ref()
            .unwrap()
            .mv
            .same_as(&whole.best.as_ref().unwrap().mv)
    );
    assert!(lazy.deferred > 0);
    assert!(whole.laps > 100_000_000 && lazy.laps < 1_000_000);
}

#[test]
fn balanced_arrangements_leave_neither_seat_lost_at_the_start() {
    // Under McGill's rules most styled arrangements hand the first mover
    // the game; the balanced draw keeps only those the search calls level.
    let rules = Rules::MCGILL_2015;
    let (nodes, margin) = (20_000, 400);
    let judges = [nodes];
    let mut balanced = 0;
    let mut draws = 0;
    let mut styles = std::collections::HashSet::new();
    for seed in 1..=6 {
        let found = setup::arrange_balanced(&rules, &mut Rng::new(seed), &judges, margin);
        assert_eq!(found.pits.iter().map(|&n| n as u32).sum::<u32>(), 32);
        // the same draw again: the same arrangement and score
        let again = setup::arrange_balanced(&rules, &mut Rng::new(seed), &judges, margin);
        assert_eq!(found, again);
        // the score is the first mover's, with both sides on the arrangement
        let start = Position::start(Board::from_sides(found.pits, found.pits), Side::South);
        let r = Searcher::new(Config::default()).search(
            &rules,
            &start,
            Limits::nodes(nodes),
            &mut || false,
        );
        assert_eq!(r.score, found.score, "seed {seed}");
        // it is the styles' draw number `draws` from the same stream
        let mut rng = Rng::new(seed);
        for _ in 1..found.draws {
            setup::arrange_by_styles(&rules, &mut rng);
        }
        assert_eq!(setup::arrange_by_styles(&rules, &mut rng).0, found.pits);
        assert!(found.draws >= 1 && found.draws <= setup::BALANCED_DRAWS);
        if found.balanced {
            assert!(found.score.abs() <= margin, "{found:?}");
            balanced += 1;
        }
        draws += found.draws;
        styles.insert(found.style);
    }
    assert_eq!(balanced, 6, "every seed finds a balanced arrangement");
    // most draws were not balanced: the filter does something here
    assert!(draws > 12, "{draws} draws for 6 arrangements");
    assert!(styles.len() >= 2, "variety: {styles:?}");
}

/// A second, deeper judge keeps only draws both judges call level: the
/// arrangement found is one the first judge alone accepts too (drawn at
/// or after the first judge's own find), and the deeper judge's score is
/// within the margin.
#[test]
fn a_deeper_judge_keeps_only_what_both_call_level() {
    let rules = Rules::MCGILL_2015;
    let (shallow, deep, margin) = (5_000, 40_000, 400);
    let (mut later, mut checked) = (0, 0);
    for seed in 1..=6 {
        let one = setup::arrange_balanced(&rules, &mut Rng::new(seed), &[shallow], margin);
        let two = setup::arrange_balanced(&rules, &mut Rng::new(seed), &[shallow, deep], margin);
        if !two.balanced {
            continue;
        }
        assert!(two.draws >= one.draws, "seed {seed}");
        let start = Position::start(Board::from_sides(two.pits, two.pits), Side::South);
        let judge = |nodes| {
            Searcher::new(Config::default())
                .search(&rules, &start, Limits::nodes(nodes), &mut || false)
                .score
        };
        assert!(judge(shallow).abs() <= margin, "seed {seed}");
        assert_eq!(judge(deep), two.score, "seed {seed}");
        if two.draws > one.draws {
            later += 1;
        }
        checked += 1;
    }
    assert!(checked >= 4, "{checked} seeds balanced by both judges");
    // the deeper judge turned down some draws the shallow one accepted
    assert!(later >= 1, "the deeper judge changed nothing");
}
