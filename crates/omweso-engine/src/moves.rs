//! Legal moves with their choice points, exact never-ending detection, and
//! full lap-by-lap traces.

use super::board::{Board, Pit, Seeds, Side};
use super::cycle::{Brent, steps_before_cycle};
use super::fast::{self, Rest, Row};
use super::movegen::{self, MoveList, legal_moves_into};
use super::position::{GameResult, Position, WinKind};
use super::sowing::{Capture, Ctx, Direction, LapKind, Plan, State, three_seed};
use super::variant::{NeverEnding, Rules};
use std::collections::HashSet;
use std::fmt;

/// A move: the start pit plus the direction taken at the start and at each
/// choice point. Choice points beyond the end of `choices` take the default,
/// anticlockwise; so `[Anticlockwise]` and `[]` name the same move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub pit: Pit,
    /// The three-seed opening (two into the next pit, one beyond).
    pub three_seed: bool,
    pub choices: Vec<Direction>,
}

impl Move {
    /// A plain forward move from `pit`.
    pub fn forward(pit: Pit) -> Move {
        Move {
            pit,
            three_seed: false,
            choices: vec![Direction::Anticlockwise],
        }
    }

    /// The direction of the first lap.
    pub fn direction(&self) -> Direction {
        self.choices
            .first()
            .copied()
            .unwrap_or(Direction::Anticlockwise)
    }

    /// The choices without trailing defaults (the canonical form).
    pub fn trimmed_choices(&self) -> &[Direction] {
        let n = self
            .choices
            .iter()
            .rposition(|&d| d == Direction::Clockwise)
            .map_or(0, |i| i + 1);
        &self.choices[..n]
    }

    /// Two moves are the same move when they differ only in trailing
    /// default choices.
    pub fn same_as(&self, other: &Move) -> bool {
        self.pit == other.pit
            && self.three_seed == other.three_seed
            && self.trimmed_choices() == other.trimmed_choices()
    }
}

/// One capture in a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureInfo {
    /// The mover's inner pit where the capturing lap ended.
    pub at: Pit,
    /// The opponent's facing inner pit and the seeds taken from it.
    pub inner: Pit,
    pub inner_seeds: Seeds,
    /// The opponent's facing outer pit and the seeds taken from it.
    pub outer: Pit,
    pub outer_seeds: Seeds,
}

impl CaptureInfo {
    pub fn total(&self) -> u32 {
        self.inner_seeds as u32 + self.outer_seeds as u32
    }

    fn from_raw(c: Capture) -> CaptureInfo {
        CaptureInfo {
            at: Pit::from_index(c.at as usize),
            inner: Pit::from_index(c.inner as usize),
            inner_seeds: c.inner_seeds,
            outer: Pit::from_index(c.outer as usize),
            outer_seeds: c.outer_seeds,
        }
    }
}

/// What happened where a lap ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapEnd {
    /// The last seed fell into an empty pit: the move is over.
    Stop,
    /// The pit is lifted and sown on (for Ludii after a capture, the
    /// capturing pit rather than the landing pit).
    Relay { pit: Pit },
    /// The two facing opponent pits are captured; their seeds are sown next.
    Capture(CaptureInfo),
}

/// One lap of a traced move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lap {
    pub kind: LapKind,
    pub direction: Direction,
    /// E, the pit the lap is sown from.
    pub from: Pit,
    pub hand: Seeds,
    /// The pits sown, in order (one entry a seed).
    pub sown: Vec<Pit>,
    /// The pit that got the last seed.
    pub landing: Pit,
    /// Whether the direction was the mover's choice here.
    pub choice_point: bool,
    pub end: LapEnd,
    /// The board once this lap is sown (before any capture at its end).
    pub board_after: Board,
}

/// A finished move's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finished {
    pub board: Board,
    /// Seeds captured from the opponent.
    pub captured: u32,
    /// Laps sown (start, relay, capture-sowing and three-seed laps each one).
    pub laps: u64,
    /// Of those, capture-sowing laps (Ludii counts a capture's sowing as part
    /// of the lap that captured).
    pub capture_sowings: u64,
    /// Bit c: the opponent column facing the mover's pit 9+c was captured.
    pub columns: u8,
    /// Both of the opponent's end columns were captured.
    pub cut_heads: bool,
    /// The game result, if this move ends the game.
    pub result: Option<GameResult>,
}

/// A never-ending move: where its cycle was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NeverEndingInfo {
    /// Length of the cycle, in laps.
    pub cycle_laps: u64,
    /// Laps sown before the cycle was detected (the detection's own work,
    /// from the last choice point on).
    pub examined_laps: u64,
    /// Laps before the cycle is first entered (computed by `play`; `None`
    /// from move generation).
    pub laps_before_cycle: Option<u64>,
    /// What the variant makes of it.
    pub result: GameResult,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveEnd {
    Finished(Finished),
    NeverEnding(NeverEndingInfo),
}

impl MoveEnd {
    pub fn finished(&self) -> Option<&Finished> {
        match self {
            MoveEnd::Finished(f) => Some(f),
            MoveEnd::NeverEnding(_) => None,
        }
    }

    pub fn is_never_ending(&self) -> bool {
        matches!(self, MoveEnd::NeverEnding(_))
    }

    pub fn result(&self) -> Option<GameResult> {
        match self {
            MoveEnd::Finished(f) => f.result,
            MoveEnd::NeverEnding(n) => Some(n.result),
        }
    }

    pub fn captured(&self) -> u32 {
        self.finished().map_or(0, |f| f.captured)
    }
}

/// A legal move and where it leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    pub mv: Move,
    pub end: MoveEnd,
}

/// A move played with its full trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    pub mover: Side,
    pub before: Position,
    /// The laps, in order; at most the requested number are recorded.
    pub laps: Vec<Lap>,
    /// Every lap was recorded (false for very long or never-ending moves).
    pub complete: bool,
    pub end: MoveEnd,
    /// The position after the move, when it finishes.
    pub after: Option<Position>,
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The mover has no legal move at all.
    NoLegalMove {
        side: Side,
    },
    TooFewSeeds {
        pit: Pit,
        seeds: Seeds,
    },
    ClockwiseStartIllegal {
        pit: Pit,
        reason: &'static str,
    },
    ThreeSeedUnavailable {
        pit: Pit,
        reason: &'static str,
    },
    ThreeSeedWithChoices,
    /// More directions were given than the move has choice points.
    TooManyChoices {
        given: usize,
        used: usize,
    },
    /// The variant forbids never-ending moves.
    NeverEndingIllegal,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NoLegalMove { side } => {
                write!(
                    f,
                    "{} has no legal move (no pit holds two or more seeds)",
                    side.title()
                )
            }
            PlayError::TooFewSeeds { pit, seeds } => write!(
                f,
                "pit {pit} holds {seeds} seed{}; a move starts from a pit of at least 2",
                if *seeds == 1 { "" } else { "s" }
            ),
            PlayError::ClockwiseStartIllegal { pit, reason } => {
                write!(f, "pit {pit} may not start clockwise: {reason}")
            }
            PlayError::ThreeSeedUnavailable { pit, reason } => {
                write!(
                    f,
                    "the three-seed opening is not available from pit {pit}: {reason}"
                )
            }
            PlayError::ThreeSeedWithChoices => {
                write!(f, "a three-seed opening has no choice points")
            }
            PlayError::TooManyChoices { given, used } => write!(
                f,
                "{given} directions given, but the move has only {used} choice point{} (the start included)",
                if *used == 1 { "" } else { "s" }
            ),
            PlayError::NeverEndingIllegal => {
                write!(
                    f,
                    "this move never ends, and the variant forbids never-ending moves"
                )
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// The mover's and opponent's arrays of a position.
fn sides(pos: &Position) -> ([Seeds; 16], [Seeds; 16]) {
    let m = pos.to_move;
    (*pos.board.side(m), *pos.board.side(m.opponent()))
}

fn board_of(mover: Side, own: &[Seeds; 16], opp: &[Seeds; 16]) -> Board {
    match mover {
        Side::South => Board::from_sides(*own, *opp),
        Side::North => Board::from_sides(*opp, *own),
    }
}

fn ctx_for(rules: &Rules, pos: &Position) -> Ctx {
    Ctx {
        rules: *rules,
        no_capture: pos.first_move && !rules.first_move_captures,
        fast: true,
    }
}

/// The game result of a finished move, if it ends the game.
fn judge(
    rules: &Rules,
    mover: Side,
    board: &Board,
    columns: u8,
    last_capture: u8,
) -> Option<GameResult> {
    judge_with(rules, mover, columns, last_capture, || {
        board.has_move(mover.opponent())
    })
}

/// [`judge`], asking whether the opponent has a move only when it matters.
#[inline]
pub(crate) fn judge_with(
    rules: &Rules,
    mover: Side,
    columns: u8,
    last_capture: u8,
    opponent_has_move: impl FnOnce() -> bool,
) -> Option<GameResult> {
    let end_columns = columns & 0b1000_0001 == 0b1000_0001;
    let win = |kind, points| GameResult::Win {
        winner: mover,
        kind,
        points,
    };
    if rules.wins.akawumbi && columns == 0xFF && (last_capture == 8 || last_capture == 15) {
        return Some(win(WinKind::Akawumbi, rules.points.akawumbi));
    }
    if rules.wins.nkutemye && end_columns {
        return Some(win(WinKind::Nkutemye, rules.points.nkutemye));
    }
    if rules.wins.no_move && !opponent_has_move() {
        return Some(win(WinKind::NoMove, rules.points.no_move));
    }
    None
}

pub(crate) fn never_result(rules: &Rules) -> GameResult {
    match rules.never_ending {
        NeverEnding::Draw => GameResult::Draw,
        NeverEnding::Annul | NeverEnding::Illegal => GameResult::Annulled,
    }
}

fn finish(
    rules: &Rules,
    mover: Side,
    st: &State,
    captured: u32,
    laps: u64,
    capture_sowings: u64,
) -> Finished {
    let board = board_of(mover, &st.own, &st.opp);
    Finished {
        board,
        captured,
        laps,
        capture_sowings,
        columns: st.columns,
        cut_heads: st.columns & 0b1000_0001 == 0b1000_0001,
        result: judge(rules, mover, &board, st.columns, st.last_capture),
    }
}

fn seeds_of(st: &State) -> u32 {
    st.own.iter().map(|&n| n as u32).sum()
}

/// The legal moves of a position: each distinct end position once per
/// start pit (with the first choice sequence reaching it, anticlockwise
/// before clockwise at each choice point), plus one never-ending outcome per
/// start pit where some choice sequence never ends (unless the variant
/// forbids them). Ordered by start pit, then choices, the never-ending
/// outcome and the three-seed opening last.
///
/// Choice-point states met twice (by any path) are explored once, so the
/// work is bounded by the distinct states, not by the number of choice
/// sequences.
///
/// When the two sides together hold at most 255 seeds (every real game),
/// the moves are generated on a packed state: the mover's pits one byte
/// each in a word, the opponent's side implied by the columns captured so
/// far. Larger boards go through the general explorer
/// ([`reference::general_legal_moves`]); the answers are the same.
///
/// ```
/// use omweso_engine::{Board, Pit, Position, Rules, Side, legal_moves};
///
/// // Only South's pit 1 holds two seeds, and McGill's rules sow forward only.
/// let mut south = [0; 16];
/// south[0] = 2;
/// south[1] = 1;
/// let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
/// let moves = legal_moves(&Rules::MCGILL_2015, &pos);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].mv.pit, Pit::new(1).unwrap());
/// // pit 2 now holds two seeds and pit 3 one: the move stopped there
/// let f = moves[0].end.finished().unwrap();
/// assert_eq!(f.board.side(Side::South)[..3], [0, 2, 1]);
/// assert_eq!(f.result, None);
/// ```
pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    with_list(|list| {
        legal_moves_into(rules, pos, list);
        list.to_vec()
    })
}

thread_local! {
    /// The list behind [`legal_moves`] and [`moves_from`], reused.
    static LIST: std::cell::Cell<Option<MoveList>> = const { std::cell::Cell::new(None) };
}

/// `f` with this thread's reusable list.
fn with_list<T>(f: impl FnOnce(&mut MoveList) -> T) -> T {
    let mut list = LIST.take().unwrap_or_default();
    let r = f(&mut list);
    LIST.set(Some(list));
    r
}

/// The straightforward engine, kept as the reference the fast paths are
/// tested against: every lap sown one seed at a time on the two sides'
/// arrays, Brent's algorithm over the whole state for never-ending moves.
/// Same answers as [`legal_moves`] and [`outcome`] (only
/// [`NeverEndingInfo::examined_laps`], the detection's own work, differs),
/// but long never-ending moves take several times longer.
///
/// Compiled for the engine's own tests and with the `reference` feature
/// (the workspace's tests and benchmarks enable it); never in a build
/// that ships.
///
/// ```
/// use omweso_engine::{Board, Position, Rules, Side, legal_moves, reference};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// assert_eq!(
///     reference::legal_moves(&Rules::MODERN, &pos),
///     legal_moves(&Rules::MODERN, &pos)
/// );
/// ```
#[cfg(any(test, feature = "reference"))]
pub mod reference {
    use super::*;

    /// [`legal_moves`](super::legal_moves) by the reference engine.
    pub fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
        let mut out = Vec::new();
        for pit in Pit::ALL {
            explore_pit(rules, pos, pit, Mode::Distinct, false, &mut out);
        }
        out
    }

    /// [`legal_moves`](super::legal_moves) by the general explorer (the
    /// two sides as arrays, captures and choice points lap by lap) with the
    /// packed capture-free rest: how the engine generated moves before its
    /// packed generator, and what it still falls back to when the two sides
    /// hold more than 255 seeds. Kept to compare against and to benchmark.
    ///
    /// ```
    /// use omweso_engine::{Board, Position, Rules, Side, legal_moves, reference};
    ///
    /// let pos = Position::new(Board::from_sides([3; 16], [1; 16]), Side::North);
    /// assert_eq!(
    ///     reference::general_legal_moves(&Rules::LUDII, &pos),
    ///     legal_moves(&Rules::LUDII, &pos)
    /// );
    /// ```
    pub fn general_legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
        let mut out = Vec::new();
        for pit in Pit::ALL {
            explore_pit(rules, pos, pit, Mode::Distinct, true, &mut out);
        }
        out
    }

    /// [`outcome`](super::outcome) by the reference engine.
    pub fn outcome(rules: &Rules, pos: &Position, mv: &Move) -> Result<Outcome, PlayError> {
        play(rules, pos, mv, false)
    }
}

/// Every finished choice sequence of every start pit, even those reaching the
/// same end position (the listing of the sample vectors), plus the
/// never-ending outcomes as in [`legal_moves`]. A choice-point state is
/// explored again on each path that reaches it, so this can be exponential
/// in the number of choice points: prefer [`legal_moves`].
pub fn every_sequence(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut out = Vec::new();
    for pit in Pit::ALL {
        explore_pit(rules, pos, pit, Mode::EverySequence, true, &mut out);
    }
    out
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

/// The legal moves starting from one pit, appended to `out`
/// (see [`legal_moves`]).
pub fn moves_from(rules: &Rules, pos: &Position, pit: Pit, out: &mut Vec<LegalMove>) {
    with_list(|list| {
        movegen::moves_from_into(rules, pos, pit, list);
        out.extend(list.iter().map(|m| m.to_legal_move()));
    })
}

/// The legal moves from `pit` by the general explorer (the two sides as
/// arrays), appended to `out`: what the packed generator falls back to for
/// positions of more than 255 seeds.
pub(crate) fn explore_general(rules: &Rules, pos: &Position, pit: Pit, out: &mut Vec<LegalMove>) {
    explore_pit(rules, pos, pit, Mode::Distinct, true, out);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Distinct,
    EverySequence,
}

fn explore_pit(
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

/// The three-seed opening from `pit`, when available.
pub(crate) fn three_seed_legal(rules: &Rules, pos: &Position, pit: Pit) -> Option<LegalMove> {
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

fn seeds_of_arr(a: &[Seeds; 16]) -> u32 {
    a.iter().map(|&n| n as u32).sum()
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
                    && let Some(x) = fast::pack(&st.own)
                {
                    let dir = ctx.relay_dir(&st);
                    match fast::rest(Row { x, l: st.l }, st.e, dir) {
                        Rest::Ends { row, e, laps: n } => {
                            st.own = fast::unpack(row.x);
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

/// Why a clockwise start from `pit` is not legal, for error messages.
fn clockwise_refusal(rules: &Rules, pos: &Position, pit: Pit) -> &'static str {
    use super::variant::{ReverseLaps, ReverseStart};
    if rules.reverse_laps == ReverseLaps::None {
        "this variant has no reverse sowing"
    } else if pos.first_move && !rules.first_move_captures {
        "a first move may not capture, so it has no clockwise lap"
    } else if !pit.is_left_hand() {
        "only the left-hand pits 1, 2, 15 and 16 may sow clockwise"
    } else if rules.reverse_start == ReverseStart::Capture {
        "a clockwise start must end in an immediate capture (within reach of pit 9 where limited)"
    } else {
        "a clockwise start must end in an inner pit whose two facing pits hold seeds"
    }
}

/// A played move without its trace: where it ends and the position after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub end: MoveEnd,
    /// The position after the move, when it finishes.
    pub after: Option<Position>,
}

impl Finished {
    /// The position after this move, played from `before`: the opponent is
    /// to move, and the game-phase flags move on (the opponent's first move
    /// comes next if they had not moved yet; a capture ends the phase before
    /// the first capture).
    ///
    /// ```
    /// use omweso_engine::{Board, Position, Rules, Side, legal_moves};
    ///
    /// let mut start = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
    /// start.first_move = true;
    /// start.opponent_first_move = true;
    /// start.before_first_capture = true;
    /// let m = &legal_moves(&Rules::SHACKELL_1935, &start)[0];
    /// let f = m.end.finished().unwrap();
    /// let next = f.position_after(&start);
    /// assert_eq!(next.to_move, Side::North);
    /// assert_eq!(next.board, f.board);
    /// // North's first move comes next; South's is over
    /// assert!(next.first_move && !next.opponent_first_move);
    /// assert_eq!(next.before_first_capture, f.captured == 0);
    /// ```
    pub fn position_after(&self, before: &Position) -> Position {
        Position {
            board: self.board,
            to_move: before.to_move.opponent(),
            first_move: before.opponent_first_move,
            opponent_first_move: false,
            before_first_capture: before.before_first_capture && self.captured == 0,
        }
    }
}

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

fn play(rules: &Rules, pos: &Position, mv: &Move, fast: bool) -> Result<Outcome, PlayError> {
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
    let mut check = ctx.fast;
    loop {
        if check && !st.relay_next {
            check = false;
            if st.own[st.l as usize] > 1
                && ctx.capture_free(&st)
                && let Some(x) = fast::pack(&st.own)
            {
                let (rest, entry) =
                    fast::rest_with_entry(Row { x, l: st.l }, st.e, st.chain, ctx.relay_dir(&st));
                free = Some((st, laps, rest, entry));
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
                        st.own = fast::unpack(row.x);
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
                if restart {
                    brent.restart(st);
                    origin = (st, laps);
                    continue;
                }
            }
        }
        // (once the fate of the rest is known, it is the one answer)
        if free.is_none()
            && let Some(cycle_laps) = brent.step(&st)
        {
            never_ending_allowed(rules, explicit, used)?;
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
    if explicit > used {
        return Err(PlayError::TooManyChoices {
            given: explicit,
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
            "this variant has no three-seed opening"
        } else if !pos.before_first_capture {
            "it is only played before the game's first capture"
        } else {
            "the pit must hold exactly three seeds"
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

/// Records up to `max` laps.
struct Recorder {
    laps: Vec<Lap>,
    max: usize,
    complete: bool,
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

    /// Positions from a small linear congruential generator: `seeds` seeds
    /// a side dropped into random pits, random flags.
    fn positions(n: usize, seeds: usize) -> Vec<Position> {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move |m: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % m
        };
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
    fn position_after_moves_the_phase_flags_on() {
        let f = |captured| Finished {
            board: Board::from_sides([1; 16], [2; 16]),
            captured,
            laps: 1,
            capture_sowings: 0,
            columns: 0,
            cut_heads: false,
            result: None,
        };
        let mut before = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        before.first_move = true;
        before.opponent_first_move = true;
        before.before_first_capture = true;
        // South's first move, no capture: North's first move comes next
        let a = f(0).position_after(&before);
        assert_eq!(a.board, f(0).board);
        assert_eq!(a.to_move, Side::North);
        assert!(a.first_move && !a.opponent_first_move && a.before_first_capture);
        // North's first move captures: neither a first move nor before the
        // first capture any more
        let b = f(3).position_after(&a);
        assert_eq!(b.to_move, Side::South);
        assert!(!b.first_move && !b.opponent_first_move && !b.before_first_capture);
        // once over, the phase does not come back
        let c = f(0).position_after(&b);
        assert!(!c.first_move && !c.before_first_capture);
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
