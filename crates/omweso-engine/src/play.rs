//! Playing one move: where it ends and the position after ([`outcome`]),
//! with its laps recorded for diagrams and descriptions ([`trace`]), or
//! why it cannot be played ([`PlayError`]).

use super::board::{Pit, Seeds, Side};
use super::capture_free::{self, Rest, Row};
use super::cycle::{Brent, steps_before_cycle};
use super::move_end::{board_of, ctx_for, finish, never_result, seeds_of, seeds_of_arr, sides};
use super::move_types::{
    CaptureInfo, Finished, Lap, LapEnd, LegalMove, Move, MoveEnd, NeverEndingInfo, Outcome,
    PlayError, Played,
};
use super::move_types::{ClockwiseRefusal, ThreeSeedRefusal};
use super::position::Position;
use super::sowing::{Ctx, Direction, LapKind, Plan, State, three_seed};
use super::variant::{NeverEnding, Rules};

/// Play one move: where it ends and the position after, with no trace (see
/// [`trace`] for the laps).
///
/// ```
/// use omweso_engine::{Board, GameResult, Move, Pit, Position, Rules, Side, WinKind, outcome};
///
/// // South's pit 5 sows two seeds, the second into pit 7, and stops there.
/// let mut south = [0; 16];
/// south[4] = 2;
/// let north = [0; 16];
/// let pos = Position::new(Board::from_sides(south, north), Side::South);
/// let o = outcome(&Rules::SHACKELL_1935, &pos, &Move::forward(Pit::new(5).unwrap())).unwrap();
/// let after = o.after.unwrap();
/// assert_eq!(after.to_move, Side::North);
/// assert_eq!(after.board.get(Side::South, Pit::new(7).unwrap()), 1);
/// // North has no pit of two seeds: South wins
/// assert!(matches!(
///     o.end.result(),
///     Some(GameResult::Win { winner: Side::South, kind: WinKind::NoMove, .. })
/// ));
/// ```
pub fn outcome(rules: &Rules, pos: &Position, mv: &Move) -> Result<Outcome, PlayError> {
    play(rules, pos, mv, true)
}

pub(crate) fn play(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    fast: bool,
) -> Result<Outcome, PlayError> {
    let (own, opp) = checked_start(pos, mv)?;
    let end = if mv.three_seed {
        MoveEnd::Finished(three_seed_move(rules, pos, mv, own, opp)?.0)
    } else {
        sow_move(rules, pos, mv, own, opp, fast, &mut NoTrace)?
    };
    Ok(Outcome {
        after: end.finished().map(|f| f.position_after(pos)),
        end,
    })
}

/// Play one move and record its trace: up to `max_laps` laps (the
/// three-seed opening's single lap always). Ends exactly as [`outcome`].
///
/// ```
/// use omweso_engine::{Board, LapEnd, Move, Pit, Position, Rules, Side, outcome, trace};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let mv = Move::forward(Pit::new(1).unwrap());
/// let played = trace(&Rules::SHACKELL_1935, &pos, &mv, 100).unwrap();
/// assert!(played.complete);
/// assert_eq!(played.laps[0].from, Pit::new(1).unwrap());
/// assert_eq!(played.laps.last().unwrap().end, LapEnd::Stop);
/// let o = outcome(&Rules::SHACKELL_1935, &pos, &mv).unwrap();
/// assert_eq!((played.end, played.after), (o.end, o.after));
/// // with room for one lap only, the trace is cut short
/// let short = trace(&Rules::SHACKELL_1935, &pos, &mv, 1).unwrap();
/// assert_eq!(short.laps.len(), 1);
/// assert_eq!(short.complete, played.laps.len() == 1);
/// ```
pub fn trace(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    max_laps: usize,
) -> Result<Played, PlayError> {
    trace_knowing(rules, pos, mv, max_laps, None)
}

/// [`trace`] of a move whose end is already known: `listed`, an entry of
/// [`legal_moves_in_full`](crate::legal_moves_in_full) (or any finished
/// move of [`legal_moves`](crate::legal_moves)) for the same rules and
/// position. The laps are sown only as far as they are recorded: once
/// `max_laps` laps are recorded the end is taken from `listed` instead of
/// being decided again, so a move that never ends after a billion laps
/// costs its first `max_laps` laps, not its cycle's detection. The answer
/// is [`trace`]'s, equal in every field.
///
/// A never-ending end without its
/// [`laps_before_cycle`](crate::NeverEndingInfo::laps_before_cycle) (as
/// [`legal_moves`](crate::legal_moves) lists it) is not enough to say the
/// whole end: the move is then decided again, as [`trace`] does. The
/// end given is trusted beyond the laps recorded: an entry of another
/// position or other rules gives a wrong end.
///
/// ```
/// use omweso_engine::{Board, Position, Rules, Side, legal_moves_in_full, trace, trace_listed};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let rules = Rules::SHACKELL_1935;
/// for m in legal_moves_in_full(&rules, &pos) {
///     let known = trace_listed(&rules, &pos, &m, 3).unwrap();
///     assert_eq!(known, trace(&rules, &pos, &m.mv, 3).unwrap());
///     assert_eq!(known.end, m.end);
/// }
/// ```
pub fn trace_listed(
    rules: &Rules,
    pos: &Position,
    listed: &LegalMove,
    max_laps: usize,
) -> Result<Played, PlayError> {
    let known = match listed.end {
        MoveEnd::NeverEnding(n) if n.laps_before_cycle.is_none() => None,
        end => Some(end),
    };
    trace_knowing(rules, pos, &listed.mv, max_laps, known)
}

/// [`trace`], taking the end from `known` once the laps recorded are all
/// there are to record.
fn trace_knowing(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    max_laps: usize,
    known: Option<MoveEnd>,
) -> Result<Played, PlayError> {
    let (own, opp) = checked_start(pos, mv)?;
    let mover = pos.to_move;
    let (end, laps, complete) = if mv.three_seed {
        let (f, a, b) = three_seed_move(rules, pos, mv, own, opp)?;
        let lap = Lap {
            kind: LapKind::ThreeSeed,
            direction: Direction::Anticlockwise,
            from: mv.pit,
            hand: 3,
            sown: vec![Pit::from_index(a), Pit::from_index(a), Pit::from_index(b)],
            landing: Pit::from_index(b),
            choice_point: false,
            end: LapEnd::Stop,
            board_after: f.board,
        };
        (MoveEnd::Finished(f), vec![lap], true)
    } else {
        let mut rec = Recorder {
            laps: Vec::new(),
            max: max_laps,
            complete: true,
            known,
        };
        let end = sow_move(rules, pos, mv, own, opp, true, &mut rec)?;
        let complete = rec.complete && !end.is_never_ending();
        (end, rec.laps, complete)
    };
    Ok(Played {
        mv: mv.clone(),
        mover,
        before: *pos,
        laps,
        complete,
        after: end.finished().map(|f| f.position_after(pos)),
        end,
    })
}

/// The checks every move passes first; the mover's and opponent's arrays.
fn checked_start(pos: &Position, mv: &Move) -> Result<([Seeds; 16], [Seeds; 16]), PlayError> {
    let mover = pos.to_move;
    if !pos.board.has_move(mover) {
        return Err(PlayError::NoLegalMove { side: mover });
    }
    let (own, opp) = sides(pos);
    let s = mv.pit.index();
    if own[s] < 2 {
        return Err(PlayError::TooFewSeeds {
            pit: mv.pit,
            seeds: own[s],
        });
    }
    Ok((own, opp))
}

/// Why a clockwise start from `pit` is not legal.
fn clockwise_refusal(rules: &Rules, pos: &Position, pit: Pit) -> ClockwiseRefusal {
    use super::variant::{ReverseLaps, ReverseStart};
    if rules.reverse_laps == ReverseLaps::None {
        ClockwiseRefusal::NoReverseSowing
    } else if pos.first_move && !rules.first_move_captures {
        ClockwiseRefusal::FirstMoveCannotCapture
    } else if !pit.is_left_hand() {
        ClockwiseRefusal::NotLeftHandPit
    } else if rules.reverse_start == ReverseStart::Capture {
        ClockwiseRefusal::MustCaptureAtOnce
    } else {
        ClockwiseRefusal::MustEndFacingSeeds
    }
}

/// What playing a move reports as it goes: nothing ([`NoTrace`]) or its
/// laps ([`Recorder`]). The closures are only called when recorded.
trait Tracer {
    /// A lap was sown.
    fn lap(&mut self, lap: impl FnOnce() -> Lap);
    /// How the last lap sown ended.
    fn end_last(&mut self, end: impl FnOnce() -> LapEnd);
    /// Whether laps are still recorded (else they may be sown unseen).
    fn recording(&self) -> bool;
    /// Laps were sown unseen.
    fn skipped(&mut self);
    /// The move's end, when it is known beforehand and needs no deciding.
    fn known(&self) -> Option<MoveEnd>;
    /// Whether a lap went unrecorded: the laps recorded are final.
    fn cut(&self) -> bool;
}

struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn lap(&mut self, _: impl FnOnce() -> Lap) {}
    #[inline(always)]
    fn end_last(&mut self, _: impl FnOnce() -> LapEnd) {}
    #[inline(always)]
    fn recording(&self) -> bool {
        false
    }
    #[inline(always)]
    fn skipped(&mut self) {}
    #[inline(always)]
    fn known(&self) -> Option<MoveEnd> {
        None
    }
    #[inline(always)]
    fn cut(&self) -> bool {
        false
    }
}

/// Sow a move that is not the three-seed opening, lap by lap, until it
/// stops or its laps are found to cycle.
fn sow_move<T: Tracer>(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    own: [Seeds; 16],
    opp: [Seeds; 16],
    fast: bool,
    tracer: &mut T,
) -> Result<MoveEnd, PlayError> {
    let mover = pos.to_move;
    let s = mv.pit.index();
    let ctx = Ctx {
        fast,
        ..ctx_for(rules, pos)
    };
    let (mut st, hand) = ctx.lift_start(own, opp, s);
    let start_dir = mv.direction();
    if start_dir == Direction::Clockwise && !ctx.clockwise_start_legal(&st, s, hand) {
        return Err(PlayError::ClockwiseStartIllegal {
            pit: mv.pit,
            reason: clockwise_refusal(rules, pos, mv.pit),
        });
    }
    let own_before = seeds_of_arr(&own);
    let start_choice = rules.reverse_laps != super::variant::ReverseLaps::None
        && ctx.clockwise_start_legal(&st, s, hand);
    let from = st.e as usize;
    ctx.sow_start(&mut st, hand, start_dir);
    tracer.lap(|| {
        sown_lap(
            mover,
            LapKind::Start,
            start_dir,
            from,
            hand,
            start_choice,
            &st,
        )
    });
    // With the end known, nothing is decided: sowing stops at the first
    // lap not recorded (the laps recorded cannot change after it), and
    // the capture-free rest is not followed to its end. Where a trace
    // deciding the end would follow it, it skips the lap-by-lap cycle
    // detection too, so the two stop recording at the same lap.
    let known = tracer.known();
    if let Some(end) = known
        && tracer.cut()
    {
        return Ok(end);
    }
    // choices[0] is the start; the rest are taken at the choice points in
    // order. Past the last clockwise one the move is a deterministic
    // function of its state, and cycle detection runs from there; before
    // it, detection restarts at each explicit choice.
    let explicit = mv.trimmed_choices().len();
    let mut used = 1usize;
    let mut laps: u64 = 1;
    let mut capture_sowings: u64 = 0;
    let mut brent = Brent::new(st);
    let mut origin: (State, u64) = (st, laps);
    // The first lap end from which the move is capture-free (with its lap
    // count) and the fate of the rest from there, worked out on the fast
    // path at once, whatever is being recorded, so that the answer does
    // not depend on the trace's length. Looked for again after captures.
    let mut free: Option<(State, u64, Rest, Option<u64>)> = None;
    // (known end) the move is capture-free from here: its rest not followed
    let mut free_unasked = false;
    let mut check = ctx.fast;
    loop {
        if check && !st.relay_next {
            check = false;
            if st.own[st.l as usize] > 1
                && ctx.capture_free(&st)
                && let Some(x) = capture_free::pack(&st.own)
            {
                if known.is_some() {
                    free_unasked = true;
                } else {
                    let (rest, entry) = capture_free::rest_with_entry(
                        Row { x, l: st.l },
                        st.e,
                        st.chain,
                        ctx.relay_dir(&st),
                    );
                    free = Some((st, laps, rest, entry));
                }
            }
        }
        if let Some((_, free_laps, rest, entry)) = free
            && !tracer.recording()
        {
            let dir = ctx.relay_dir(&st);
            match rest {
                Rest::Ends { row, e, laps: n } => {
                    if free_laps + n > laps {
                        // laps remain: the lap end here relays, and the
                        // rest goes unrecorded
                        tracer.end_last(|| LapEnd::Relay {
                            pit: Pit::from_index(st.l as usize),
                        });
                        tracer.skipped();
                        st.own = capture_free::unpack(row.x);
                        st.l = row.l;
                        st.e = e;
                        if dir == Direction::Anticlockwise {
                            st.chain = false;
                        }
                        laps = free_laps + n;
                    }
                    // the last seed fell into an empty pit: ends below
                }
                Rest::Cycles {
                    cycle_laps,
                    examined,
                } => {
                    tracer.end_last(|| LapEnd::Relay {
                        pit: Pit::from_index(st.l as usize),
                    });
                    tracer.skipped();
                    never_ending_allowed(rules, explicit, used)?;
                    // No lap end before the first capture-free one can be on
                    // the cycle (whether a lap end is capture-free depends on
                    // its state alone, and the cycle's states come back
                    // after any time), and no choice point comes after it:
                    // the cycle is entered counting from there.
                    let before = free_laps + entry.expect("found with the cycle");
                    return Ok(MoveEnd::NeverEnding(NeverEndingInfo {
                        cycle_laps,
                        // as move generation counts: from the last choice
                        examined_laps: free_laps - origin.1 + examined,
                        laps_before_cycle: Some(before),
                        result: never_result(rules),
                    }));
                }
            }
        }
        match ctx.plan(&mut st) {
            Plan::End => {
                tracer.end_last(|| LapEnd::Stop);
                break;
            }
            Plan::Lap {
                kind,
                hand,
                dir,
                choice,
                capture,
            } => {
                tracer.end_last(|| match capture {
                    Some(c) => LapEnd::Capture(CaptureInfo::from_raw(c)),
                    None => LapEnd::Relay {
                        pit: Pit::from_index(st.e as usize),
                    },
                });
                let mut d = dir;
                let mut restart = false;
                if choice {
                    d = mv
                        .choices
                        .get(used)
                        .copied()
                        .unwrap_or(Direction::Anticlockwise);
                    restart = used < explicit;
                    used += 1;
                }
                let from = st.e as usize;
                ctx.sow_lap(&mut st, kind, hand, d);
                laps += 1;
                if kind == LapKind::CaptureSowing {
                    capture_sowings += 1;
                    check = ctx.fast;
                }
                tracer.lap(|| sown_lap(mover, kind, d, from, hand, choice, &st));
                if let Some(end) = known
                    && tracer.cut()
                {
                    return Ok(end);
                }
                if restart {
                    brent.restart(st);
                    origin = (st, laps);
                    continue;
                }
            }
        }
        // (once the fate of the rest is known, it is the one answer)
        if free.is_none()
            && !free_unasked
            && let Some(cycle_laps) = brent.step(&st)
        {
            never_ending_allowed(rules, explicit, used)?;
            if let Some(end) = known {
                return Ok(end);
            }
            let step = |st: &mut State| match ctx.plan(st) {
                Plan::End => unreachable!("a state on a cycle cannot end"),
                Plan::Lap {
                    kind, hand, dir, ..
                } => ctx.sow_lap(st, kind, hand, dir),
            };
            let before = origin.1 + steps_before_cycle(origin.0, cycle_laps, step);
            return Ok(MoveEnd::NeverEnding(NeverEndingInfo {
                cycle_laps,
                examined_laps: brent.steps(),
                laps_before_cycle: Some(before),
                result: never_result(rules),
            }));
        }
    }
    // Every letter written must meet a choice point of a finished move,
    // trailing anticlockwise ones too: `5AAA` for a move with one choice
    // point is a mistake to say, not a move to guess. (A never-ending move
    // meets a choice point at every lap of its cycle, so it has no surplus.)
    if mv.choices.len() > used {
        return Err(PlayError::TooManyChoices {
            given: mv.choices.len(),
            used,
        });
    }
    let captured = seeds_of(&st) - own_before;
    Ok(MoveEnd::Finished(finish(
        rules,
        mover,
        &st,
        captured,
        laps,
        capture_sowings,
    )))
}

/// The three-seed opening from `mv.pit`: its result, and the pits that get
/// two seeds and one.
fn three_seed_move(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    own: [Seeds; 16],
    opp: [Seeds; 16],
) -> Result<(Finished, usize, usize), PlayError> {
    let ctx = ctx_for(rules, pos);
    let s = mv.pit.index();
    if !ctx.three_seed_available(&own, s, pos.before_first_capture) {
        let reason = if !rules.three_seed_opening {
            ThreeSeedRefusal::NotInVariant
        } else if !pos.before_first_capture {
            ThreeSeedRefusal::AfterFirstCapture
        } else {
            ThreeSeedRefusal::NotThreeSeeds
        };
        return Err(PlayError::ThreeSeedUnavailable {
            pit: mv.pit,
            reason,
        });
    }
    if !mv.trimmed_choices().is_empty() {
        return Err(PlayError::ThreeSeedWithChoices);
    }
    let (mut st, _) = ctx.lift_start(own, opp, s);
    st.own[s] = 3;
    let (a, b) = three_seed(&mut st.own, s);
    Ok((finish(rules, pos.to_move, &st, 0, 1, 0), a, b))
}

/// A sown lap for the trace.
fn sown_lap(
    mover: Side,
    kind: LapKind,
    dir: Direction,
    from: usize,
    hand: Seeds,
    choice: bool,
    st: &State,
) -> Lap {
    let step = dir.step();
    let sown: Vec<Pit> = (1..=hand as usize)
        .map(|k| Pit::from_index((from + k * step) & 15))
        .collect();
    let landing = *sown.last().expect("a lap sows at least one seed");
    Lap {
        kind,
        direction: dir,
        from: Pit::from_index(from),
        hand,
        sown,
        landing,
        choice_point: choice,
        end: LapEnd::Stop,
        board_after: board_of(mover, &st.own, &st.opp),
    }
}

/// Records up to `max` laps; with the move's end `known`, sowing stops
/// once a lap goes unrecorded.
struct Recorder {
    laps: Vec<Lap>,
    max: usize,
    complete: bool,
    known: Option<MoveEnd>,
}

impl Tracer for Recorder {
    fn lap(&mut self, lap: impl FnOnce() -> Lap) {
        if self.laps.len() >= self.max {
            self.complete = false;
            return;
        }
        self.laps.push(lap());
    }

    fn end_last(&mut self, end: impl FnOnce() -> LapEnd) {
        if self.complete
            && let Some(l) = self.laps.last_mut()
        {
            l.end = end();
        }
    }

    fn recording(&self) -> bool {
        self.laps.len() < self.max
    }

    fn skipped(&mut self) {
        self.complete = false;
    }

    fn known(&self) -> Option<MoveEnd> {
        self.known
    }

    fn cut(&self) -> bool {
        !self.complete
    }
}

/// Whether a move found never-ending may be played as written: every
/// choice letter written was used, and the variant allows such moves.
fn never_ending_allowed(rules: &Rules, explicit: usize, used: usize) -> Result<(), PlayError> {
    if explicit > used {
        return Err(PlayError::TooManyChoices {
            given: explicit,
            used,
        });
    }
    if rules.never_ending == NeverEnding::Illegal {
        return Err(PlayError::NeverEndingIllegal);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::{Board, legal_moves};

    /// Positions drawn by the engine's generator from a fixed seed: `seeds`
    /// seeds a side dropped into random pits, random flags.
    fn positions(n: usize, seeds: usize) -> Vec<Position> {
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
        let mut next = move |m: u64| rng.below(m);
        (0..n)
            .map(|_| {
                let mut sides = [[0 as Seeds; 16]; 2];
                for side in &mut sides {
                    for _ in 0..seeds {
                        side[next(16) as usize] += 1;
                    }
                }
                Position {
                    board: Board::from_sides(sides[0], sides[1]),
                    to_move: if next(2) == 0 {
                        Side::South
                    } else {
                        Side::North
                    },
                    first_move: next(2) == 0,
                    opponent_first_move: next(2) == 0,
                    before_first_capture: next(2) == 0,
                }
            })
            .collect()
    }

    #[test]
    fn outcome_is_trace_without_laps() {
        let variants = [
            Rules::SHACKELL_1935,
            Rules::MODERN,
            Rules::LUDII,
            Rules::MCGILL_2015,
        ];
        let mut compared = 0;
        for (i, pos) in positions(60, 12).iter().enumerate() {
            let rules = &variants[i % variants.len()];
            for m in legal_moves(rules, pos) {
                let o = outcome(rules, pos, &m.mv).unwrap();
                let t = trace(rules, pos, &m.mv, 5).unwrap();
                assert_eq!((o.end, o.after), (t.end, t.after), "{:?}", m.mv);
                if let MoveEnd::Finished(f) = m.end {
                    assert_eq!(o.end, MoveEnd::Finished(f));
                    assert_eq!(o.after, Some(f.position_after(pos)));
                }
                compared += 1;
            }
            // an illegal move is refused alike
            let empty = Pit::ALL
                .into_iter()
                .find(|&p| pos.board.get(pos.to_move, p) < 2);
            if let Some(p) = empty {
                let mv = Move::forward(p);
                assert_eq!(
                    outcome(rules, pos, &mv).map(|o| o.end),
                    trace(rules, pos, &mv, 5).map(|t| t.end)
                );
            }
        }
        assert!(compared > 100, "{compared}");
    }
}
