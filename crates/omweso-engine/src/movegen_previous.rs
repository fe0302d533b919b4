//! The previous packed generator (before [`MoveList`](crate::MoveList)),
//! kept as a baseline for the benchmarks and checked by the same tests:
//! the same exploration on the same packed state as `movegen.rs`, but a
//! lap loop on a state struct with Brent comparing whole states, a sort of
//! each start pit's finished sequences, and a `LegalMove` (with its own
//! choice vector) for each move. See [`reference::previous_legal_moves`](crate::reference::previous_legal_moves).

use super::board::{Board, Pit, Seeds, Side};
use super::cycle::Brent;
use super::fast::{self, MASKS, Rest, Row};
use super::moves::{
    Finished, LegalMove, Move, MoveEnd, NeverEndingInfo, explore_general, judge_with, never_result,
    three_seed_legal,
};
use super::position::Position;
use super::sowing::Direction;
use super::variant::{AfterCapture, NeverEnding, ReverseLaps, ReverseStart, Rules};
use std::collections::HashSet;

/// A lap end, as the general engine's `State` with the opponent's side
/// replaced by `columns` (see the module documentation).
#[derive(Clone, Copy, Debug, Eq)]
struct St {
    /// The mover's pits, pit index i in byte i.
    own: u128,
    e: u8,
    l: u8,
    /// Bit c: the column of the mover's pit index 8+c was captured.
    columns: u8,
    last_capture: u8,
    /// Whole-move variants: the move is clockwise.
    clockwise: bool,
    chain: bool,
    relay_next: bool,
}

impl St {
    /// Everything but the pits, one byte a field.
    #[inline(always)]
    fn meta(&self) -> u64 {
        u64::from_le_bytes([
            self.e,
            self.l,
            self.columns,
            self.last_capture,
            self.clockwise as u8,
            self.chain as u8,
            self.relay_next as u8,
            0,
        ])
    }
}

impl std::hash::Hash for St {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.own.hash(h);
        self.meta().hash(h);
    }
}

impl PartialEq for St {
    /// Field by field, as derived, in two word comparisons.
    #[inline(always)]
    fn eq(&self, other: &St) -> bool {
        (self.own ^ other.own) as u64
            | ((self.own ^ other.own) >> 64) as u64
            | (self.meta() ^ other.meta())
            == 0
    }
}

#[inline(always)]
fn get(x: u128, i: usize) -> u32 {
    (x >> (8 * i)) as u8 as u32
}

/// Sow `hand` (at most 255) from index `e` in direction `d` (0
/// anticlockwise, 1 clockwise): every pit gets ⌊hand/16⌋, the `hand mod 16`
/// pits after E one more. Returns the landing index.
#[inline(always)]
fn sow(x: &mut u128, e: usize, hand: u32, d: usize) -> u8 {
    debug_assert!(hand <= 255);
    let full = (hand >> 4) as u64 * 0x0101_0101_0101_0101;
    let rem = (hand & 15) as usize;
    *x = *x + (full as u128 | (full as u128) << 64) + MASKS[d & 1][e & 15][rem];
    let step = if d == 0 { 1 } else { 15 };
    ((e + rem * step) & 15) as u8
}

/// `COLUMN_PITS[columns]`: the opponent's pits (bytes) facing the
/// columns of the bits set, pits c and 15 − c for column c.
static COLUMN_PITS: [u128; 256] = column_pits();

const fn column_pits() -> [u128; 256] {
    let mut t = [0u128; 256];
    let mut m = 0;
    while m < 256 {
        let mut c = 0;
        while c < 8 {
            if m >> c & 1 != 0 {
                t[m] |= 0xFF << (8 * c) | 0xFF << (8 * (15 - c));
            }
            c += 1;
        }
        m += 1;
    }
    t
}

/// A packed row's pits as an array.
#[inline(always)]
fn unpack(x: u128) -> [Seeds; 16] {
    let b = x.to_le_bytes();
    let mut a = [0; 16];
    for (p, &n) in a.iter_mut().zip(&b) {
        *p = n as Seeds;
    }
    a
}

/// The sum of a packed row's bytes, when at most 255.
#[inline(always)]
fn byte_sum(x: u128) -> u32 {
    let half = |h: u64| (h.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    (half(x as u64) + half((x >> 64) as u64)) & 0xFF
}

#[inline(always)]
fn is_left_hand(i: usize) -> bool {
    matches!(i, 0 | 1 | 14 | 15)
}

/// The rules that steer every lap, as constants: the lap loop is compiled
/// once per combination, with no test of the variant left in it.
trait Kind {
    const REVERSE: ReverseLaps;
    const RELAY_CAPTURING: bool;
}

/// [`Kind`] from const parameters: reverse laps 0 none, 1 start chain, 2
/// any lap, 3 whole move; whether the capturing pit is relayed.
struct K<const R: u8, const A: bool>;

impl<const R: u8, const A: bool> Kind for K<R, A> {
    const REVERSE: ReverseLaps = match R {
        0 => ReverseLaps::None,
        1 => ReverseLaps::StartChain,
        2 => ReverseLaps::AnyLap,
        _ => ReverseLaps::WholeMove,
    };
    const RELAY_CAPTURING: bool = A;
}

/// What the rules say at a lap end (the general engine's `Plan`).
enum Plan {
    End,
    Lap {
        capture: bool,
        hand: u32,
        clockwise: bool,
        choice: bool,
    },
}

/// The fixed context of one move.
struct Ctx {
    rules: Rules,
    no_capture: bool,
    /// The opponent's side before the move, packed.
    opp: u128,
    /// Bit c: both pits facing the mover's pit index 8+c held seeds before
    /// the move (none when captures are suppressed).
    capturable: u8,
    /// Seeds a capture in column c takes.
    cap_hand: [u32; 8],
}

impl Ctx {
    /// Whether the mover's pit index `l` is an inner pit whose two facing
    /// pits hold seeds, given the columns captured so far.
    #[inline(always)]
    fn facing_full(&self, l: usize, columns: u8) -> bool {
        // (no branch: lap ends are unpredictable)
        let inner = if l >= 8 { 0xFF } else { 0 };
        (self.capturable & !columns & inner) >> (l & 7) & 1 != 0
    }

    /// A clockwise lap of `hand` from `e` within the reach limit ending in
    /// an immediate capture.
    #[inline(always)]
    fn clockwise_captures(&self, st: &St, e: usize, hand: u32) -> bool {
        if self.no_capture || !is_left_hand(e) || hand > self.rules.reach_limit(e) {
            return false;
        }
        let l = (e + (hand as usize % 16) * 15) & 15;
        let received = (hand - 1) / 16 + 1;
        get(st.own, l) + received - 1 > 0 && self.facing_full(l, st.columns)
    }

    fn clockwise_start_legal(&self, st: &St, s: usize, hand: u32) -> bool {
        if self.rules.reverse_laps == ReverseLaps::None || self.no_capture {
            return false;
        }
        match self.rules.reverse_start {
            ReverseStart::Capture => self.clockwise_captures(st, s, hand),
            ReverseStart::FacingOccupied => {
                if !is_left_hand(s) || hand > self.rules.reach_limit(s) {
                    return false;
                }
                let l = (s + (hand as usize % 16) * 15) & 15;
                self.facing_full(l, st.columns)
            }
        }
    }

    #[inline(always)]
    fn sow_start<V: Kind>(&self, st: &mut St, hand: u32, dir: Direction) {
        let cw = dir == Direction::Clockwise;
        if V::REVERSE == ReverseLaps::WholeMove {
            st.clockwise = cw;
        }
        st.chain = cw && V::REVERSE == ReverseLaps::StartChain;
        st.l = sow(&mut st.own, st.e as usize, hand, cw as usize);
    }

    /// Decide what happens at the current lap end: performs the capture or
    /// lifts the relayed pit, leaving the seeds to sow in the returned plan.
    /// Whether L captures or is relayed is chosen without branching (it is
    /// the least predictable decision of a lap).
    #[inline(always)]
    fn plan<V: Kind>(&self, st: &mut St) -> Plan {
        let l = st.l as usize;
        let relay_next = V::RELAY_CAPTURING && st.relay_next;
        let n = get(st.own, l);
        if n <= 1 && !relay_next {
            return Plan::End;
        }
        // (`capturable` is empty when captures are suppressed)
        let capture = !relay_next && self.facing_full(l, st.columns);
        let c = l & 7;
        let hand = if capture { self.cap_hand[c] } else { n };
        let lifted = if capture { 0 } else { 0xFFu128 << (8 * l) };
        st.own &= !lifted;
        st.e = if capture { st.e } else { l as u8 };
        st.columns |= (capture as u8) << c;
        st.last_capture = if capture { l as u8 } else { st.last_capture };
        if V::RELAY_CAPTURING {
            st.relay_next = capture;
        }
        // a relay's E is L; a capture's seeds are sown from E
        let from = st.e as usize;
        let (clockwise, choice) = match V::REVERSE {
            ReverseLaps::None => (false, false),
            ReverseLaps::StartChain => (
                false,
                capture && st.chain && self.clockwise_captures(st, from, hand),
            ),
            ReverseLaps::AnyLap => (false, self.clockwise_captures(st, from, hand)),
            ReverseLaps::WholeMove => (!capture && st.clockwise, false),
        };
        Plan::Lap {
            capture,
            hand,
            clockwise,
            choice,
        }
    }

    #[inline(always)]
    fn sow_lap<V: Kind>(&self, st: &mut St, capture: bool, hand: u32, clockwise: bool) {
        st.chain &= clockwise;
        let landing = sow(&mut st.own, st.e as usize, hand, clockwise as usize);
        st.l = if V::RELAY_CAPTURING && capture && st.relay_next {
            st.l
        } else {
            landing
        };
    }

    /// No capture can come any more (see `Ctx::capture_free` in
    /// `sowing.rs`).
    #[inline(always)]
    fn capture_free(&self, st: &St) -> bool {
        !st.relay_next && (self.no_capture || self.capturable & !st.columns == 0)
    }

    /// The opponent's side once `columns` are captured, packed.
    #[inline(always)]
    fn opp_after(&self, columns: u8) -> u128 {
        self.opp & !COLUMN_PITS[columns as usize]
    }
}

/// A branch queued at a choice point: the state once the rules have
/// decided there, to be sown clockwise.
struct Branch {
    st: St,
    capture: bool,
    hand: u32,
    /// Length of the choice prefix of the path that queued it.
    parent_len: usize,
    defaults_before: usize,
    laps: u64,
    capture_sowings: u64,
}

/// A finished choice sequence: its choices are `arena[start..start + len]`.
struct Fin {
    start: usize,
    len: usize,
    own: u128,
    columns: u8,
    last_capture: u8,
    laps: u64,
    capture_sowings: u64,
}

/// Choice-point states already queued from one start pit: a short list
/// scanned in place, a hash set once it grows long.
#[derive(Default)]
struct Seen {
    small: Vec<St>,
    big: Option<HashSet<St>>,
}

const SEEN_SCAN: usize = 48;

impl Seen {
    fn clear(&mut self) {
        self.small.clear();
        self.big = None;
    }

    /// Whether `st` is new (and now seen).
    fn insert(&mut self, st: St) -> bool {
        if let Some(big) = &mut self.big {
            return big.insert(st);
        }
        if self.small.contains(&st) {
            return false;
        }
        self.small.push(st);
        if self.small.len() > SEEN_SCAN {
            self.big = Some(self.small.drain(..).collect());
        }
        true
    }
}

/// Buffers reused from pit to pit and move to move.
#[derive(Default)]
struct Scratch {
    /// The choices of the path being followed (its prefix).
    path: Vec<Direction>,
    /// Choices of the finished sequences.
    arena: Vec<Direction>,
    finished: Vec<Fin>,
    branches: Vec<Branch>,
    seen: Seen,
    never: Option<(Vec<Direction>, u64, u64)>,
}

thread_local! {
    /// The last generator's buffers, so that generating a position's moves
    /// allocates little more than the moves themselves.
    static SCRATCH: std::cell::Cell<Option<Scratch>> = const { std::cell::Cell::new(None) };
}

/// Move generation for one position: what every start pit shares.
pub(crate) struct Gen<'a> {
    pos: &'a Position,
    ctx: Ctx,
    /// The mover's pits, packed.
    own: u128,
    /// Bit i: the opponent's pit index i holds two seeds or more.
    opp_moves: u16,
    sc: Scratch,
}

impl Drop for Gen<'_> {
    fn drop(&mut self) {
        SCRATCH.set(Some(std::mem::take(&mut self.sc)));
    }
}

/// The legal moves of a position, as the previous packed generator found
/// them (the general explorer above 255 seeds).
pub(crate) fn legal_moves(rules: &Rules, pos: &Position) -> Vec<LegalMove> {
    let mut out = Vec::with_capacity(16);
    match Gen::new(rules, pos) {
        Some(mut g) => {
            for pit in Pit::ALL {
                g.moves_from(pit, &mut out);
            }
        }
        None => {
            for pit in Pit::ALL {
                explore_general(rules, pos, pit, &mut out);
            }
        }
    }
    out
}

impl<'a> Gen<'a> {
    /// `None` when the two sides hold more than 255 seeds (some pit might
    /// overflow its byte).
    pub(crate) fn new(rules: &Rules, pos: &'a Position) -> Option<Gen<'a>> {
        let mover = pos.to_move;
        let own = pos.board.side(mover);
        let opp = pos.board.side(mover.opponent());
        let total: u32 = own.iter().chain(opp).map(|&n| n as u32).sum();
        if total > 255 {
            return None;
        }
        let no_capture = pos.first_move && !rules.first_move_captures;
        let mut capturable = 0u8;
        let mut cap_hand = [0u32; 8];
        for c in 0..8 {
            if opp[c] > 0 && opp[15 - c] > 0 {
                capturable |= 1 << c;
            }
            cap_hand[c] = opp[c] as u32 + opp[15 - c] as u32;
        }
        let mut opp_moves = 0u16;
        for (i, &n) in opp.iter().enumerate() {
            opp_moves |= ((n >= 2) as u16) << i;
        }
        Some(Gen {
            pos,
            ctx: Ctx {
                rules: *rules,
                no_capture,
                opp: u128::from_le_bytes(opp.map(|n| n as u8)),
                capturable: if no_capture { 0 } else { capturable },
                cap_hand,
            },
            own: u128::from_le_bytes(own.map(|n| n as u8)),
            opp_moves,
            sc: SCRATCH.take().unwrap_or_default(),
        })
    }

    /// The legal moves from `pit`, appended to `out`, exactly as
    /// `moves::explore_pit` in its distinct mode finds them.
    pub(crate) fn moves_from(&mut self, pit: Pit, out: &mut Vec<LegalMove>) {
        let relay_capturing = self.ctx.rules.after_capture == AfterCapture::RelayCapturingPit;
        match (self.ctx.rules.reverse_laps, relay_capturing) {
            (ReverseLaps::None, false) => self.moves_from_k::<K<0, false>>(pit, out),
            (ReverseLaps::None, true) => self.moves_from_k::<K<0, true>>(pit, out),
            (ReverseLaps::StartChain, false) => self.moves_from_k::<K<1, false>>(pit, out),
            (ReverseLaps::StartChain, true) => self.moves_from_k::<K<1, true>>(pit, out),
            (ReverseLaps::AnyLap, false) => self.moves_from_k::<K<2, false>>(pit, out),
            (ReverseLaps::AnyLap, true) => self.moves_from_k::<K<2, true>>(pit, out),
            (ReverseLaps::WholeMove, false) => self.moves_from_k::<K<3, false>>(pit, out),
            (ReverseLaps::WholeMove, true) => self.moves_from_k::<K<3, true>>(pit, out),
        }
    }

    fn moves_from_k<V: Kind>(&mut self, pit: Pit, out: &mut Vec<LegalMove>) {
        let s = pit.index();
        let hand = get(self.own, s);
        if hand < 2 {
            return;
        }
        let ctx = &self.ctx;
        let rules = &ctx.rules;
        let mover = self.pos.to_move;
        let lifted = St {
            own: self.own & !(0xFFu128 << (8 * s)),
            e: s as u8,
            l: s as u8,
            columns: 0,
            last_capture: 0,
            clockwise: false,
            chain: false,
            relay_next: false,
        };
        let sc = &mut self.sc;
        sc.arena.clear();
        sc.finished.clear();
        sc.branches.clear();
        sc.seen.clear();
        sc.never = None;
        for dir in [Direction::Anticlockwise, Direction::Clockwise] {
            if dir == Direction::Clockwise && !ctx.clockwise_start_legal(&lifted, s, hand) {
                continue;
            }
            let mut st = lifted;
            ctx.sow_start::<V>(&mut st, hand, dir);
            sc.path.clear();
            sc.path.push(dir);
            run::<V>(ctx, sc, st, 1, 0);
            // the queued alternatives, latest first: each one's own
            // alternatives are pushed on top, so this is the general
            // engine's depth-first order
            while let Some(b) = sc.branches.pop() {
                sc.path.truncate(b.parent_len);
                sc.path.extend(std::iter::repeat_n(
                    Direction::Anticlockwise,
                    b.defaults_before,
                ));
                sc.path.push(Direction::Clockwise);
                let mut st = b.st;
                ctx.sow_lap::<V>(&mut st, b.capture, b.hand, true);
                let cs = b.capture_sowings + b.capture as u64;
                run::<V>(ctx, sc, st, b.laps + 1, cs);
            }
        }

        // in order of choices; then the first of each end position
        let arena = &sc.arena;
        if sc.finished.len() > 1 {
            sc.finished.sort_by(|a, b| {
                arena[a.start..a.start + a.len].cmp(&arena[b.start..b.start + b.len])
            });
        }
        for (i, f) in sc.finished.iter().enumerate() {
            if sc.finished[..i]
                .iter()
                .any(|g| g.own == f.own && g.columns == f.columns)
            {
                continue;
            }
            let own_after = unpack(f.own);
            let opp_after = unpack(ctx.opp_after(f.columns));
            let board = match mover {
                Side::South => Board::from_sides(own_after, opp_after),
                Side::North => Board::from_sides(opp_after, own_after),
            };
            // seeds are conserved: the mover gained what was captured
            let captured = byte_sum(ctx.opp & COLUMN_PITS[f.columns as usize]);
            // the pits emptied by the captures
            let emptied = f.columns as u16 | (f.columns.reverse_bits() as u16) << 8;
            let opp_moves = self.opp_moves & !emptied;
            out.push(LegalMove {
                mv: Move {
                    pit,
                    three_seed: false,
                    choices: arena[f.start..f.start + f.len].to_vec(),
                },
                end: MoveEnd::Finished(Finished {
                    board,
                    captured,
                    laps: f.laps,
                    capture_sowings: f.capture_sowings,
                    columns: f.columns,
                    cut_heads: f.columns & 0b1000_0001 == 0b1000_0001,
                    result: judge_with(rules, mover, f.columns, f.last_capture, || opp_moves != 0),
                }),
            });
        }
        if let Some((choices, cycle_laps, examined_laps)) = sc.never.take()
            && rules.never_ending != NeverEnding::Illegal
        {
            out.push(LegalMove {
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
        if rules.three_seed_opening
            && hand == 3
            && let Some(m) = three_seed_legal(rules, self.pos, pit)
        {
            out.push(m);
        }
    }
}

/// Follow the default (anticlockwise) choice from lap end `st`, whose
/// choice prefix is `sc.path`, queueing each new clockwise alternative on
/// `sc.branches`, with Brent's cycle detection (the general engine's
/// `Explorer::run` without its recursion).
fn run<V: Kind>(ctx: &Ctx, sc: &mut Scratch, mut st: St, mut laps: u64, mut capture_sowings: u64) {
    let plen = sc.path.len();
    let mut defaults = 0usize;
    let mut brent = Brent::new(st);
    let mut check = true;
    loop {
        if check && !st.relay_next {
            check = false;
            if get(st.own, st.l as usize) > 1 && ctx.capture_free(&st) {
                let clockwise = V::REVERSE == ReverseLaps::WholeMove && st.clockwise;
                let dir = if clockwise {
                    Direction::Clockwise
                } else {
                    Direction::Anticlockwise
                };
                match fast::rest(Row { x: st.own, l: st.l }, st.e, dir) {
                    Rest::Ends { row, e, laps: n } => {
                        st.own = row.x;
                        st.l = row.l;
                        st.e = e;
                        if !clockwise {
                            st.chain = false;
                        }
                        laps += n;
                        // the last seed fell into an empty pit: ends below
                    }
                    Rest::Cycles {
                        cycle_laps,
                        examined,
                    } => {
                        if sc.never.is_none() {
                            sc.never =
                                Some((sc.path.clone(), cycle_laps, brent.steps() + examined));
                        }
                        return;
                    }
                }
            }
        }
        let key = st;
        match ctx.plan::<V>(&mut st) {
            Plan::End => {
                let start = sc.arena.len();
                sc.arena.extend_from_slice(&sc.path);
                sc.arena
                    .extend(std::iter::repeat_n(Direction::Anticlockwise, defaults));
                sc.finished.push(Fin {
                    start,
                    len: plen + defaults,
                    own: st.own,
                    columns: st.columns,
                    last_capture: st.last_capture,
                    laps,
                    capture_sowings,
                });
                return;
            }
            Plan::Lap {
                capture,
                hand,
                clockwise,
                choice,
            } => {
                if choice {
                    if sc.seen.insert(key) {
                        sc.branches.push(Branch {
                            st,
                            capture,
                            hand,
                            parent_len: plen,
                            defaults_before: defaults,
                            laps,
                            capture_sowings,
                        });
                    }
                    defaults += 1;
                }
                ctx.sow_lap::<V>(&mut st, capture, hand, clockwise);
                laps += 1;
                capture_sowings += capture as u64;
                // after a capture, look again for a capture-free rest (the
                // general engine looks after every capture, and finds one
                // exactly when no column is left to capture)
                check |= capture && ctx.capturable & !st.columns == 0;
            }
        }
        if let Some(cycle_laps) = brent.step(&st) {
            if sc.never.is_none() {
                sc.never = Some((sc.path.clone(), cycle_laps, brent.steps()));
            }
            return;
        }
    }
}
