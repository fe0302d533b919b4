//! The general explorer: a start pit's moves found on the two sides'
//! arrays, lap by lap, each choice point's clockwise alternative queued and
//! explored after the default path, Brent's algorithm for never-ending
//! moves. What the packed generator (`generator.rs`) falls back to when
//! the two sides hold more than 255 seeds, what lists every choice
//! sequence ([`every_sequence`](crate::every_sequence)), and, with the
//! capture-free rest turned off, the reference engine the tests compare
//! the generator against (`reference.rs`).

use super::board::{Pit, Seeds, Side};
use super::capture_free::{self, Rest, Row};
use super::cycle::Brent;
use super::move_end::{ctx_for, finish, never_result, seeds_of, seeds_of_arr, sides};
use super::move_types::{Finished, LegalMove, Move, MoveEnd, NeverEndingInfo};
use super::position::Position;
use super::sowing::{Ctx, Direction, LapKind, Plan, State, three_seed};
use super::variant::{NeverEnding, Rules};
use std::collections::HashSet;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Distinct,
    EverySequence,
}

pub(crate) fn explore_pit(
    rules: &Rules,
    pos: &Position,
    pit: Pit,
    mode: Mode,
    fast: bool,
    out: &mut Vec<LegalMove>,
) {
    let (own, opp) = sides(pos);
    let s = pit.index();
    if own[s] < 2 {
        return;
    }
    let ctx = Ctx {
        fast,
        ..ctx_for(rules, pos)
    };
    let mut ex = Explorer {
        ctx,
        mover: pos.to_move,
        own_before: seeds_of_arr(&own),
        global: (mode == Mode::Distinct).then(HashSet::new),
        finished: Vec::new(),
        never: None,
    };
    let (lifted, hand) = ctx.lift_start(own, opp, s);
    for dir in [Direction::Anticlockwise, Direction::Clockwise] {
        if dir == Direction::Clockwise && !ctx.clockwise_start_legal(&lifted, s, hand) {
            continue;
        }
        let mut st = lifted;
        ctx.sow_start(&mut st, hand, dir);
        ex.run(st, vec![dir], 1, 0);
    }
    let mut found: Vec<LegalMove> = ex
        .finished
        .into_iter()
        .map(|(choices, f)| LegalMove {
            mv: Move {
                pit,
                three_seed: false,
                choices,
            },
            end: MoveEnd::Finished(f),
        })
        .collect();
    found.sort_by(|a, b| a.mv.choices.cmp(&b.mv.choices));
    if mode == Mode::Distinct {
        found = dedupe(found);
    }
    if let Some((choices, cycle_laps, examined_laps)) = ex.never
        && rules.never_ending != NeverEnding::Illegal
    {
        found.push(LegalMove {
            mv: Move {
                pit,
                three_seed: false,
                choices,
            },
            end: MoveEnd::NeverEnding(NeverEndingInfo {
                cycle_laps,
                examined_laps,
                laps_before_cycle: None,
                result: never_result(rules),
            }),
        });
    }
    out.extend(found);
    if let Some(m) = three_seed_legal(rules, pos, pit) {
        out.push(m);
    }
}

/// The legal moves from `pit` by the general explorer (the two sides as
/// arrays), appended to `out`: what the packed generator falls back to for
/// positions of more than 255 seeds.
pub(crate) fn explore_general(rules: &Rules, pos: &Position, pit: Pit, out: &mut Vec<LegalMove>) {
    explore_pit(rules, pos, pit, Mode::Distinct, true, out);
}

/// The three-seed opening from `pit`, when available.
fn three_seed_legal(rules: &Rules, pos: &Position, pit: Pit) -> Option<LegalMove> {
    let (own, opp) = sides(pos);
    let ctx = ctx_for(rules, pos);
    let s = pit.index();
    if !ctx.three_seed_available(&own, s, pos.before_first_capture) {
        return None;
    }
    let (mut st, _) = ctx.lift_start(own, opp, s);
    st.own[s] = 3;
    three_seed(&mut st.own, s);
    Some(LegalMove {
        mv: Move {
            pit,
            three_seed: true,
            choices: vec![Direction::Anticlockwise],
        },
        end: MoveEnd::Finished(finish(rules, pos.to_move, &st, 0, 1, 0)),
    })
}

/// Keep the first move of each (start pit, end position).
fn dedupe(moves: Vec<LegalMove>) -> Vec<LegalMove> {
    let mut out: Vec<LegalMove> = Vec::with_capacity(moves.len());
    for m in moves {
        let dup = match &m.end {
            MoveEnd::Finished(f) if !m.mv.three_seed => out.iter().any(|o| {
                o.mv.pit == m.mv.pit
                    && !o.mv.three_seed
                    && o.end.finished().is_some_and(|g| g.board == f.board)
            }),
            _ => false,
        };
        if !dup {
            out.push(m);
        }
    }
    out
}

struct Branch {
    st: State,
    kind: LapKind,
    hand: Seeds,
    defaults_before: usize,
    laps: u64,
    capture_sowings: u64,
}

struct Explorer {
    ctx: Ctx,
    mover: Side,
    own_before: u32,
    /// Distinct mode: choice-point states already queued, by any path.
    global: Option<HashSet<State>>,
    finished: Vec<(Vec<Direction>, Finished)>,
    never: Option<(Vec<Direction>, u64, u64)>,
}

impl Explorer {
    /// Follow the default (anticlockwise) choice from lap-end state `st`,
    /// queueing each new clockwise alternative, with Brent's cycle detection;
    /// then explore the queued alternatives, latest first, so that outcomes
    /// are found in lexicographic order of their choice sequences.
    fn run(
        &mut self,
        mut st: State,
        prefix: Vec<Direction>,
        mut laps: u64,
        mut capture_sowings: u64,
    ) {
        let ctx = self.ctx;
        let mut branches: Vec<Branch> = Vec::new();
        // choice-point states met on this path (every-sequence mode): only a
        // never-ending path meets one twice, and its alternative is queued
        // once
        let mut visited: HashSet<State> = HashSet::new();
        let mut defaults = 0usize;
        let mut brent = Brent::new(st);
        // whether to look again for a capture-free rest (after captures)
        let mut check = ctx.fast;
        loop {
            if check && !st.relay_next {
                check = false;
                let l = st.l as usize;
                if st.own[l] > 1
                    && ctx.capture_free(&st)
                    && let Some(x) = capture_free::pack(&st.own)
                {
                    let dir = ctx.relay_dir(&st);
                    match capture_free::rest(Row { x, l: st.l }, st.e, dir) {
                        Rest::Ends { row, e, laps: n } => {
                            st.own = capture_free::unpack(row.x);
                            st.l = row.l;
                            st.e = e;
                            if dir == Direction::Anticlockwise {
                                st.chain = false;
                            }
                            laps += n;
                            // the last seed fell into an empty pit: ends below
                        }
                        Rest::Cycles {
                            cycle_laps,
                            examined,
                        } => {
                            if self.never.is_none() {
                                self.never =
                                    Some((prefix.clone(), cycle_laps, brent.steps() + examined));
                            }
                            break;
                        }
                    }
                }
            }
            let key = st;
            match ctx.plan(&mut st) {
                Plan::End => {
                    let captured = seeds_of(&st) - self.own_before;
                    let mut choices = prefix.clone();
                    choices.extend(std::iter::repeat_n(Direction::Anticlockwise, defaults));
                    let f = finish(&ctx.rules, self.mover, &st, captured, laps, capture_sowings);
                    self.finished.push((choices, f));
                    break;
                }
                Plan::Lap {
                    kind,
                    hand,
                    dir,
                    choice,
                    ..
                } => {
                    if choice {
                        let new = match &mut self.global {
                            Some(g) => g.insert(key),
                            None => visited.insert(key),
                        };
                        if new {
                            branches.push(Branch {
                                st,
                                kind,
                                hand,
                                defaults_before: defaults,
                                laps,
                                capture_sowings,
                            });
                        }
                        defaults += 1;
                    }
                    ctx.sow_lap(&mut st, kind, hand, dir);
                    laps += 1;
                    if kind == LapKind::CaptureSowing {
                        capture_sowings += 1;
                        check = ctx.fast;
                    }
                }
            }
            if let Some(cycle_laps) = brent.step(&st) {
                if self.never.is_none() {
                    self.never = Some((prefix.clone(), cycle_laps, brent.steps()));
                }
                break;
            }
        }
        for b in branches.into_iter().rev() {
            let mut s = b.st;
            ctx.sow_lap(&mut s, b.kind, b.hand, Direction::Clockwise);
            let mut p = prefix.clone();
            p.extend(std::iter::repeat_n(
                Direction::Anticlockwise,
                b.defaults_before,
            ));
            p.push(Direction::Clockwise);
            let cs = b.capture_sowings + (b.kind == LapKind::CaptureSowing) as u64;
            self.run(s, p, b.laps + 1, cs);
        }
    }
}
