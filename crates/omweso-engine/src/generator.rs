//! Legal-move generation on a packed state, into a reusable [`MoveList`]:
//! every move complete (its choices, and where it ends: the board after, the
//! seeds captured, the laps, the game result, or the cycle of a move that
//! never ends), with no allocation once the list has grown to the size of
//! a position's moves.
//!
//! The same exploration as the general explorer in `explorer.rs` (the default
//! path first, then each queued clockwise alternative, latest first; the
//! same Brent detection from the same states; the same capture-free rest on
//! the fast path), on a smaller state:
//!
//! - the mover's pits packed one byte a pit in a `u128` (when both sides
//!   together hold at most 255 seeds, so that no pit can overflow its byte
//!   however much is captured), each lap a handful of word operations;
//! - the opponent's pits not stored at all: a capture empties both facing
//!   pits of one column, only when both hold seeds, and nothing refills
//!   them during a move, so the opponent's side is the side before the move
//!   with the captured columns emptied: a function of the columns still
//!   open to capture, a byte the state holds anyway;
//! - the move's end kept packed too (the mover's pits after and the
//!   captured columns): the board after is unpacked only when asked for.
//!
//! The lap loop is compiled once per kind of variant (which laps may be
//! clockwise, whether a capture relays the capturing pit), so no test of
//! the rules is left in it. Brent's detector runs on every lap, as in the
//! general engine, but costs a comparison of the mover's pits with the
//! saved ones: the rest of the state is compared only when they are equal.
//!
//! The exploration finds a start pit's finished choice sequences in
//! increasing order (each queued alternative differs from the path that
//! queued it by a clockwise choice where that path went on anticlockwise,
//! and alternatives are explored latest first, depth first), so a move is
//! written out as soon as it ends, unless an earlier one of the same start
//! pit already reached the same end. Its choices go to the list's shared
//! buffer, not to a vector of their own.
//!
//! Two states are equal exactly when the general engine's states are, so
//! cycle lengths, lap counts, choice sequences and end positions are the
//! same, and so is the detection's own work (`examined_laps`);
//! `tests/contract/fast_vs_reference.rs` checks the moves against the general
//! explorer and the reference engine on many random positions.

use super::board::{Board, Pit, Seeds, Side};
use super::capture_free::{self, MASKS, Rest, Row, Until};
use super::explorer::explore_general;
use super::move_end::{judge_with, never_result};
use super::move_types::{Finished, LegalMove, Move, MoveEnd, NeverEndingInfo};
use super::position::{GameResult, Position};
use super::sowing::Direction;
use super::variant::{AfterCapture, NeverEnding, ReverseLaps, ReverseStart, Rules};
use std::collections::HashSet;
use std::fmt;

/// The seeds of pit index `i` of a packed row.
#[inline(always)]
fn get(x: u128, i: usize) -> u32 {
    let half = if i < 8 { x as u64 } else { (x >> 64) as u64 };
    (half >> (8 * (i & 7))) as u8 as u32
}

/// `LIFT[i]`: every byte but pit index i's; `LIFT[16]`: every byte.
static LIFT: [u128; 17] = {
    let mut t = [u128::MAX; 17];
    let mut i = 0;
    while i < 16 {
        t[i] = !(0xFFu128 << (8 * i));
        i += 1;
    }
    t
};

/// Sow `hand` (1 to 255) from index `e` in direction `d` (0 anticlockwise,
/// 1 clockwise): every pit gets ⌊hand/16⌋, the `hand mod 16` pits after E
/// one more. Returns the landing index.
#[inline(always)]
fn sow(x: &mut u128, e: usize, hand: u32, d: usize) -> u8 {
    debug_assert!((1..=255).contains(&hand));
    let rem = (hand & 15) as usize;
    if hand > 15 {
        let full = (hand >> 4) as u64 * 0x0101_0101_0101_0101;
        *x += full as u128 | (full as u128) << 64;
    }
    *x += MASKS[d & 1][e & 15][rem];
    let step = if d == 0 { 1 } else { 15 };
    ((e + rem * step) & 15) as u8
}

/// `COLUMN_PITS[columns]`: the opponent's pits (bytes) facing the
/// columns of the bits set, pits c and 15 − c for column c.
static COLUMN_PITS: [u128; 256] = {
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
};

/// `COLUMN_BITS[columns]`: the opponent's pits facing the columns of the
/// bits set, as bits (pit index i in bit i).
static COLUMN_BITS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut c = 0;
        while c < 8 {
            if m >> c & 1 != 0 {
                t[m] |= 1 << c | 1 << (15 - c);
            }
            c += 1;
        }
        m += 1;
    }
    t
};

/// A packed row's pits as an array.
#[inline(always)]
fn unpack(x: u128) -> [Seeds; 16] {
    x.to_le_bytes().map(Seeds::from)
}

/// The sum of a packed row's bytes, when at most 255.
#[inline(always)]
fn byte_sum(x: u128) -> u32 {
    let half = |h: u64| (h.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
    (half(x as u64) + half((x >> 64) as u64)) & 0xFF
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

/// A lap end, as the general engine's `State` with the opponent's side
/// replaced by `open` (see the module documentation).
#[derive(Clone, Copy, Debug)]
struct St {
    /// The mover's pits, pit index i in byte i.
    own: u128,
    e: u8,
    l: u8,
    /// Bit c: the column of the mover's pit index 8+c can still be
    /// captured (both facing pits held seeds before the move, and neither
    /// was captured since). The captured columns are the capturable ones
    /// not open any more.
    open: u8,
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
            self.open,
            self.last_capture,
            self.clockwise as u8,
            self.chain as u8,
            self.relay_next as u8,
            0,
        ])
    }

    #[inline(always)]
    fn key(&self) -> Key {
        Key {
            own: self.own,
            meta: self.meta(),
        }
    }
}

/// A whole lap-end state, for comparisons: equal exactly when the general
/// engine's states are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    own: u128,
    meta: u64,
}

/// The fixed context of one position's moves.
struct Ctx {
    rules: Rules,
    mover: Side,
    /// The opponent's side before the move, packed.
    opp: u128,
    /// Bit c: both pits facing the mover's pit index 8+c hold seeds (none
    /// when captures are suppressed).
    capturable: u8,
    /// `cap_hand[l]`: the seeds a capture at the mover's inner pit index
    /// `l` takes (0 for the outer pits).
    cap_hand: [u32; 16],
    /// `reach[e]`: the largest hand a clockwise lap from pit index `e` may
    /// sow (0 where no clockwise lap may start, or captures are
    /// suppressed).
    reach: [u32; 16],
    /// Bit i: the opponent's pit index i holds two seeds or more.
    opp_moves: u16,
    /// The three-seed opening may be played (pits of three seeds).
    three_seed: bool,
}

impl Ctx {
    fn new(rules: &Rules, pos: &Position) -> Ctx {
        let mover = pos.to_move;
        let opp = pos.board.side(mover.opponent());
        let no_capture = pos.first_move && !rules.first_move_captures;
        let mut capturable = 0u8;
        let mut cap_hand = [0u32; 16];
        for c in 0..8 {
            if opp[c] > 0 && opp[15 - c] > 0 {
                capturable |= 1 << c;
            }
            cap_hand[8 + c] = opp[c] as u32 + opp[15 - c] as u32;
        }
        let mut reach = [0u32; 16];
        if !no_capture && rules.reverse_laps != ReverseLaps::None {
            for e in [0, 1, 14, 15] {
                reach[e] = rules.reach_limit(e);
            }
        }
        let mut opp_moves = 0u16;
        for (i, &n) in opp.iter().enumerate() {
            opp_moves |= ((n >= 2) as u16) << i;
        }
        Ctx {
            rules: *rules,
            mover,
            opp: u128::from_le_bytes(opp.map(|n| n as u8)),
            capturable: if no_capture { 0 } else { capturable },
            cap_hand,
            reach,
            opp_moves,
            three_seed: rules.three_seed_opening && pos.before_first_capture,
        }
    }

    /// The captured columns of a state whose open columns are `open`.
    #[inline(always)]
    fn columns(&self, open: u8) -> u8 {
        self.capturable & !open
    }

    /// A clockwise lap of `hand` from `e` within the reach limit ending in
    /// an immediate capture.
    #[inline(always)]
    fn clockwise_captures(&self, own: u128, open: u32, e: usize, hand: u32) -> bool {
        if hand > self.reach[e & 15] {
            return false;
        }
        let l = (e + (hand as usize & 15) * 15) & 15;
        // seeds in L just before the last one falls
        let before = get(own, l) + (hand - 1) / 16;
        before > 0 && facing_open(l, open)
    }

    /// A clockwise start of `hand` from pit index `s` (lifted) is legal.
    fn clockwise_start_legal(&self, own: u128, s: usize, hand: u32) -> bool {
        match self.rules.reverse_start {
            ReverseStart::Capture => self.clockwise_captures(own, self.capturable as u32, s, hand),
            ReverseStart::FacingOccupied => {
                hand <= self.reach[s]
                    && facing_open((s + (hand as usize % 16) * 15) & 15, self.capturable as u32)
            }
        }
    }
}

/// Whether the mover's pit index `l` is an inner pit whose column is open.
#[inline(always)]
fn facing_open(l: usize, open: u32) -> bool {
    (open << 8) >> l & 1 != 0
}

/// A branch queued at a choice point: the state once the rules have
/// decided there, to be sown clockwise.
#[derive(Clone, Copy)]
struct Branch {
    st: St,
    capture: bool,
    hand: u32,
    /// Length of the choice prefix of the path that queued it.
    parent_len: u32,
    defaults_before: u32,
    laps: u64,
}

/// Choice-point states already queued from one start pit: a short list
/// scanned in place, a hash set once it grows long.
#[derive(Default)]
struct Seen {
    small: Vec<Key>,
    /// In use once `small` grew past [`SEEN_SCAN`]; kept (emptied) from
    /// pit to pit, so that its table is allocated once.
    big: HashSet<Key>,
    in_big: bool,
}

const SEEN_SCAN: usize = 48;

impl Seen {
    #[inline]
    fn clear(&mut self) {
        self.small.clear();
        if self.in_big {
            self.big.clear();
            self.in_big = false;
        }
    }

    /// Whether `key` is new (and now seen).
    #[inline]
    fn insert(&mut self, key: Key) -> bool {
        if self.in_big {
            return self.big.insert(key);
        }
        if self.small.contains(&key) {
            return false;
        }
        self.small.push(key);
        if self.small.len() > SEEN_SCAN {
            self.big.extend(self.small.drain(..));
            self.in_big = true;
        }
        true
    }
}

/// The choices of the path being followed (its prefix), with its first
/// [`HEAD`] choices also in a fixed array whose other places are all
/// anticlockwise, so that a move's choices (the prefix, then anticlockwise
/// at each later choice point) are written out with one fixed-size copy.
struct Path {
    all: Vec<Direction>,
    head: [Direction; HEAD],
}

const HEAD: usize = 16;

impl Default for Path {
    fn default() -> Path {
        Path {
            all: Vec::new(),
            head: [Direction::Anticlockwise; HEAD],
        }
    }
}

impl Path {
    /// A path starting in `dir`.
    #[inline]
    fn start(&mut self, dir: Direction) {
        self.all.clear();
        self.all.push(dir);
        self.head = [Direction::Anticlockwise; HEAD];
        self.head[0] = dir;
    }

    /// The path of a branch: the first `parent_len` choices, anticlockwise
    /// `defaults` times, then clockwise.
    #[inline]
    fn branch(&mut self, parent_len: usize, defaults: usize) {
        self.all.truncate(parent_len);
        self.all
            .extend(std::iter::repeat_n(Direction::Anticlockwise, defaults));
        self.all.push(Direction::Clockwise);
        for d in self.head.iter_mut().skip(parent_len) {
            *d = Direction::Anticlockwise;
        }
        if let Some(d) = self.head.get_mut(parent_len + defaults) {
            *d = Direction::Clockwise;
        }
    }

    #[inline(always)]
    fn len(&self) -> usize {
        self.all.len()
    }

    /// Append the path then `defaults` anticlockwise choices to `out`.
    #[inline(always)]
    fn write(&self, defaults: usize, out: &mut Vec<Direction>) {
        let n = self.all.len() + defaults;
        if n <= HEAD {
            let from = out.len();
            out.extend_from_slice(&self.head);
            out.truncate(from + n);
        } else {
            out.extend_from_slice(&self.all);
            out.extend(std::iter::repeat_n(Direction::Anticlockwise, defaults));
        }
    }
}

/// The generator's working buffers, kept in the list from call to call.
#[derive(Default)]
struct Scratch {
    path: Path,
    branches: Vec<Branch>,
    seen: Seen,
    /// The choices of the start pit's never-ending move, once one is found.
    never: Vec<Direction>,
    /// Its cycle and examined laps, and the laps before its cycle when
    /// found (see [`MoveList::in_full`]).
    never_laps: Option<(u64, u64, Option<u64>)>,
    /// The generation was stopped: the list is incomplete.
    stopped: bool,
    /// A path of the start pit being explored ran past the lap allowance:
    /// the pit is left pending.
    pending: bool,
    /// Laps sown by the paths explored so far (abandoned ones included).
    sown: u64,
}

/// How a listed move ends (see [`Entry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndKind {
    /// Finished, generated packed: `own` is the mover's side after.
    Packed,
    /// Finished, from a position too large to pack: `own` indexes `wide`.
    Wide,
    /// Never ends.
    Never,
}

/// One move of a [`MoveList`], in 48 bytes. The seeds captured and the
/// capture-sowing laps (one a captured column) follow from the columns.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// See [`EndKind`]; never-ending: the laps examined (the low 64 bits)
    /// and one more than the laps before the cycle, when known (the high
    /// 64 bits, 0 when not).
    own: u128,
    /// Finished: laps; never-ending: the cycle's laps.
    a: u64,
    /// The choices are `choices[from..from + len]` of the list.
    from: u32,
    len: u32,
    result: Option<GameResult>,
    pit: Pit,
    three_seed: bool,
    columns: u8,
    kind: EndKind,
}

/// The legal moves of one position, complete, in a list that is reused
/// from position to position: fill it with [`legal_moves_into`], read it
/// as [`MoveRef`]s. Once it has grown to hold a position's moves, filling
/// it again allocates nothing (choice sequences share one buffer, and
/// boards are kept packed until asked for; `tests/allocations.rs` counts).
/// The one exception is a move whose capture-free rest runs past 16,384
/// laps (never-ending moves with long cycles, which take milliseconds to
/// decide anyway): its cycle detector takes a table of its own.
///
/// ```
/// use omweso_engine::{Board, MoveList, Position, Rules, Side, legal_moves, legal_moves_into};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let mut list = MoveList::new();
/// legal_moves_into(&Rules::SHACKELL_1935, &pos, &mut list);
/// // the same moves as `legal_moves`, in the same order
/// assert_eq!(list.to_vec(), legal_moves(&Rules::SHACKELL_1935, &pos));
/// for m in &list {
///     let f = m.end();
///     assert_eq!(f.finished().unwrap().board.total(), 64);
/// }
/// ```
pub struct MoveList {
    entries: Vec<Entry>,
    choices: Vec<Direction>,
    /// Boards after of moves from positions too large to pack.
    wide: Vec<Board>,
    pos: Position,
    /// The opponent's side before the moves, packed (positions of at most
    /// 255 seeds).
    opp: u128,
    /// Bit i: the moves of start pit index i are not listed yet (see
    /// [`lazy_moves_until`]).
    pending: u16,
    /// Laps sown by the generations since [`MoveList::take_sown`].
    sown: u64,
    /// The generation also finds where each never-ending move found by
    /// the capture-free rest enters its cycle (see
    /// [`legal_moves_in_full`](crate::legal_moves_in_full)).
    pub(crate) in_full: bool,
    scratch: Scratch,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Clone for MoveList {
    /// The moves and their position (not the generator's working buffers).
    fn clone(&self) -> MoveList {
        let mut list = MoveList::new();
        list.clone_from(self);
        list
    }

    /// Reuses this list's buffers.
    fn clone_from(&mut self, other: &MoveList) {
        self.entries.clone_from(&other.entries);
        self.choices.clone_from(&other.choices);
        self.wide.clone_from(&other.wide);
        self.pos = other.pos;
        self.opp = other.opp;
        self.pending = other.pending;
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveList")
            .field("position", &self.pos)
            .field("moves", &self.iter().collect::<Vec<_>>())
            .finish()
    }
}

impl MoveList {
    /// An empty list (of the empty board's position, South to move).
    pub fn new() -> MoveList {
        MoveList {
            entries: Vec::new(),
            choices: Vec::new(),
            wide: Vec::new(),
            pos: Position::new(Board::default(), Side::South),
            opp: 0,
            pending: 0,
            sown: 0,
            in_full: false,
            scratch: Scratch::default(),
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list holds no move (after [`legal_moves_into`]: the side
    /// to move has none).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The position the moves are played from.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The move at `index`, in [`legal_moves`](crate::legal_moves) order.
    pub fn get(&self, index: usize) -> Option<MoveRef<'_>> {
        self.entries.get(index).map(|e| MoveRef { list: self, e })
    }

    /// The moves in order.
    pub fn iter(&self) -> MoveIter<'_> {
        MoveIter {
            list: self,
            inner: self.entries.iter(),
        }
    }

    /// The moves as [`LegalMove`]s (each with its own choice vector).
    pub fn to_vec(&self) -> Vec<LegalMove> {
        self.iter().map(|m| m.to_legal_move()).collect()
    }

    fn clear(&mut self, pos: &Position) {
        self.entries.clear();
        self.choices.clear();
        self.wide.clear();
        self.pos = *pos;
        self.pending = 0;
    }

    /// The start pits whose moves are not listed yet, bit i for pit index
    /// i (always 0 but after [`lazy_moves_until`]).
    pub(crate) fn pending(&self) -> u16 {
        self.pending
    }

    /// The laps sown by generations into this list since the last call
    /// (moves abandoned at a lap allowance included): the work they did.
    pub(crate) fn take_sown(&mut self) -> u64 {
        std::mem::take(&mut self.sown)
    }

    /// The move at `index` as its start pit and its rank among that pit's
    /// moves: a name for it that does not depend on which other pits were
    /// pending when the list was made (a pit's moves are always listed
    /// together, in the same order).
    pub(crate) fn pit_rank(&self, index: usize) -> (Pit, usize) {
        let pit = self.entries[index].pit;
        let first = self.entries[..index]
            .iter()
            .rposition(|e| e.pit != pit)
            .map_or(0, |i| i + 1);
        (pit, index - first)
    }

    /// The index of the move [`MoveList::pit_rank`] names, if listed.
    pub(crate) fn find_rank(&self, pit: Pit, rank: usize) -> Option<usize> {
        let first = self.entries.iter().position(|e| e.pit == pit)?;
        let i = first + rank;
        (self.entries.get(i)?.pit == pit).then_some(i)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = MoveRef<'a>;
    type IntoIter = MoveIter<'a>;
    fn into_iter(self) -> MoveIter<'a> {
        self.iter()
    }
}

/// The moves of a [`MoveList`], in order.
#[derive(Clone, Debug)]
pub struct MoveIter<'a> {
    list: &'a MoveList,
    inner: std::slice::Iter<'a, Entry>,
}

impl<'a> Iterator for MoveIter<'a> {
    type Item = MoveRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<MoveRef<'a>> {
        let list = self.list;
        self.inner.next().map(|e| MoveRef { list, e })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for MoveIter<'_> {}

impl<'a> DoubleEndedIterator for MoveIter<'a> {
    fn next_back(&mut self) -> Option<MoveRef<'a>> {
        let list = self.list;
        self.inner.next_back().map(|e| MoveRef { list, e })
    }
}

/// One move of a [`MoveList`]: the move and where it ends, read without
/// allocating ([`MoveRef::to_move`] and [`MoveRef::to_legal_move`] make
/// owned copies).
///
/// ```
/// use omweso_engine::{Board, MoveEnd, MoveList, Position, Rules, Side, legal_moves_into};
///
/// let pos = Position::new(Board::from_sides([3; 16], [1; 16]), Side::South);
/// let mut list = MoveList::new();
/// legal_moves_into(&Rules::MODERN, &pos, &mut list);
/// let m = list.get(0).unwrap();
/// assert_eq!(m.pit().number(), 1);
/// assert_eq!(m.to_string(), "1"); // its notation: anticlockwise throughout
/// let MoveEnd::Finished(f) = m.end() else { panic!("it ends") };
/// assert_eq!(m.captured(), f.captured);
/// let next = m.position_after().unwrap();
/// assert_eq!((next.to_move, next.board), (Side::North, f.board));
/// ```
#[derive(Clone, Copy)]
pub struct MoveRef<'a> {
    list: &'a MoveList,
    e: &'a Entry,
}

impl<'a> MoveRef<'a> {
    /// The start pit.
    pub fn pit(&self) -> Pit {
        self.e.pit
    }

    /// Whether this is the three-seed opening.
    pub fn three_seed(&self) -> bool {
        self.e.three_seed
    }

    /// The direction at the start and at each choice point, as
    /// [`Move::choices`].
    pub fn choices(&self) -> &'a [Direction] {
        let from = self.e.from as usize;
        &self.list.choices[from..from + self.e.len as usize]
    }

    /// The direction of the first lap.
    pub fn direction(&self) -> Direction {
        self.choices()
            .first()
            .copied()
            .unwrap_or(Direction::Anticlockwise)
    }

    /// The move as an owned [`Move`].
    pub fn to_move(&self) -> Move {
        Move {
            pit: self.e.pit,
            three_seed: self.e.three_seed,
            choices: self.choices().to_vec(),
        }
    }

    /// Whether `mv` names this move ([`Move::same_as`]: trailing default
    /// choices do not count).
    pub fn is(&self, mv: &Move) -> bool {
        self.e.pit == mv.pit
            && self.e.three_seed == mv.three_seed
            && trimmed(self.choices()) == mv.trimmed_choices()
    }

    /// The move never ends (the cycle is in [`MoveRef::end`]).
    pub fn is_never_ending(&self) -> bool {
        self.e.kind == EndKind::Never
    }

    /// The game result, if the move ends the game (a never-ending move:
    /// what the variant makes of it).
    pub fn result(&self) -> Option<GameResult> {
        self.e.result
    }

    /// Seeds captured from the opponent (0 for a never-ending move).
    pub fn captured(&self) -> u32 {
        let (e, list) = (self.e, self.list);
        match e.kind {
            // seeds are conserved: the mover gained what was captured
            EndKind::Packed => byte_sum(list.opp & COLUMN_PITS[e.columns as usize]),
            EndKind::Wide => {
                let mover = list.pos.to_move;
                list.wide[e.own as usize].side_total(mover) - list.pos.board.side_total(mover)
            }
            EndKind::Never => 0,
        }
    }

    /// The laps it took to decide the move: a finished move's laps
    /// ([`Finished::laps`]), or the laps a never-ending move's cycle
    /// detection examined ([`NeverEndingInfo::examined_laps`]).
    pub fn laps(&self) -> u64 {
        match self.e.kind {
            EndKind::Never => self.e.own as u64,
            EndKind::Packed | EndKind::Wide => self.e.a,
        }
    }

    /// The board after the move, when it finishes.
    pub fn board_after(&self) -> Option<Board> {
        let e = self.e;
        match e.kind {
            EndKind::Never => None,
            EndKind::Wide => Some(self.list.wide[e.own as usize]),
            EndKind::Packed => {
                let own = unpack(e.own);
                let opp = unpack(self.list.opp & !COLUMN_PITS[e.columns as usize]);
                Some(match self.list.pos.to_move {
                    Side::South => Board::from_sides(own, opp),
                    Side::North => Board::from_sides(opp, own),
                })
            }
        }
    }

    /// The position after the move, when it finishes (see
    /// [`Finished::position_after`]).
    pub fn position_after(&self) -> Option<Position> {
        let before = &self.list.pos;
        self.board_after().map(|board| Position {
            board,
            to_move: before.to_move.opponent(),
            first_move: before.opponent_first_move,
            opponent_first_move: false,
            before_first_capture: before.before_first_capture && self.e.columns == 0,
        })
    }

    /// Where the move ends, in full.
    pub fn end(&self) -> MoveEnd {
        let e = self.e;
        match e.kind {
            EndKind::Never => MoveEnd::NeverEnding(NeverEndingInfo {
                cycle_laps: e.a,
                examined_laps: e.own as u64,
                laps_before_cycle: ((e.own >> 64) as u64).checked_sub(1),
                result: e.result.expect("a never-ending move has a result"),
            }),
            EndKind::Packed | EndKind::Wide => MoveEnd::Finished(Finished {
                board: self.board_after().expect("finished"),
                captured: self.captured(),
                laps: e.a,
                capture_sowings: e.columns.count_ones() as u64,
                columns: e.columns,
                cut_heads: e.columns & 0b1000_0001 == 0b1000_0001,
                result: e.result,
            }),
        }
    }

    /// The move and its end as an owned [`LegalMove`].
    pub fn to_legal_move(&self) -> LegalMove {
        LegalMove {
            mv: self.to_move(),
            end: self.end(),
        }
    }
}

impl fmt::Debug for MoveRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveRef")
            .field("pit", &self.e.pit)
            .field("three_seed", &self.e.three_seed)
            .field("choices", &self.choices())
            .field("end", &self.end())
            .finish()
    }
}

impl fmt::Display for MoveRef<'_> {
    /// The move's canonical notation (see [`notation::format`](crate::notation::format)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.e.pit)?;
        if self.e.three_seed {
            return f.write_str("T");
        }
        for d in trimmed(self.choices()) {
            write!(f, "{}", d.letter())?;
        }
        Ok(())
    }
}

/// Choices without their trailing defaults (see [`Move::trimmed_choices`]).
fn trimmed(c: &[Direction]) -> &[Direction] {
    let n = c
        .iter()
        .rposition(|&d| d == Direction::Clockwise)
        .map_or(0, |i| i + 1);
    &c[..n]
}

/// Every legal move of a position, complete, written into `list` (its
/// previous moves are dropped): the same moves in the same order as
/// [`legal_moves`](crate::legal_moves), without allocating once the list
/// has grown to the size of a position's moves. This is the engine's
/// fastest way to generate moves; [`legal_moves`](crate::legal_moves) is
/// built on it.
///
/// ```
/// use omweso_engine::{Board, MoveList, Position, Rules, Side, legal_moves_into};
///
/// let mut list = MoveList::new();
/// let mut pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// // play the first move each time, for a few plies
/// for _ in 0..6 {
///     legal_moves_into(&Rules::MODERN, &pos, &mut list);
///     let Some(m) = list.get(0) else { break };
///     pos = m.position_after().expect("finite");
/// }
/// assert_eq!(pos.board.total(), 64);
/// ```
pub fn legal_moves_into(rules: &Rules, pos: &Position, list: &mut MoveList) {
    list.clear(pos);
    generate(rules, pos, None, list, &|| false, u64::MAX);
}

/// [`legal_moves_into`] that can be told to give up: `stop` is polled
/// about every million laps of a long move (a move that relays or cycles
/// for millions of laps takes seconds to decide exactly), and when it
/// returns true the generation stops and returns `false`, leaving `list`
/// incomplete: no move's verdict is ever guessed. Returns `true` when
/// every legal move is listed. (Positions of more than 255 seeds, which no
/// game reaches, are generated whole.)
///
/// ```
/// use omweso_engine::{Board, MoveList, Position, Rules, Side, legal_moves_until};
///
/// let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
/// let mut list = MoveList::new();
/// assert!(legal_moves_until(&Rules::MODERN, &pos, &mut list, &|| false));
/// assert!(!list.is_empty());
/// ```
pub fn legal_moves_until(
    rules: &Rules,
    pos: &Position,
    list: &mut MoveList,
    stop: &dyn Fn() -> bool,
) -> bool {
    list.clear(pos);
    generate(rules, pos, None, list, stop, u64::MAX)
}

/// [`legal_moves_until`] that leaves the long start pits for later: a path
/// of a start pit that has not ended (or been proved never-ending) within
/// `allowance` laps is abandoned, none of that pit's moves is listed, and
/// the pit is marked pending ([`MoveList::pending`]) instead; the other
/// pits' moves are listed whole and exact, in the usual order. A pending
/// pit is decided, exactly, by [`decide_until`]. Returns `false` when
/// `stop` ended the generation (the list is then incomplete).
pub(crate) fn lazy_moves_until(
    rules: &Rules,
    pos: &Position,
    list: &mut MoveList,
    allowance: u64,
    stop: &dyn Fn() -> bool,
) -> bool {
    list.clear(pos);
    generate(rules, pos, None, list, stop, allowance)
}

/// List the moves of `pit`, pending in `list` (see [`lazy_moves_until`]),
/// exactly and whole, after the moves already listed (the other moves keep
/// their indices). Returns `false`, leaving the list as it was, when
/// `stop` ended it first.
pub(crate) fn decide_until(
    rules: &Rules,
    list: &mut MoveList,
    pit: Pit,
    stop: &dyn Fn() -> bool,
) -> bool {
    let bit = 1u16 << pit.index();
    debug_assert!(list.pending & bit != 0, "{pit} is not pending");
    let pos = list.pos;
    let (entries, choices) = (list.entries.len(), list.choices.len());
    if !generate(rules, &pos, Some(pit), list, stop, u64::MAX) {
        list.entries.truncate(entries);
        list.choices.truncate(choices);
        return false;
    }
    list.pending &= !bit;
    true
}

/// [`legal_moves_until`] for a search's root, which must answer with a
/// move: `stop` is heeded only once `list` holds at least one move, so a
/// stopped generation still lists some whole, exact moves (those of the
/// start pits before the long one, in the usual order). Returns `true`
/// when every legal move is listed.
pub(crate) fn some_legal_moves_until(
    rules: &Rules,
    pos: &Position,
    list: &mut MoveList,
    stop: &dyn Fn() -> bool,
) -> bool {
    list.clear(pos);
    for pit in Pit::ALL {
        let heed: &dyn Fn() -> bool = if list.is_empty() { &|| false } else { stop };
        if !generate(rules, pos, Some(pit), list, heed, u64::MAX) {
            return false;
        }
    }
    true
}

/// The legal moves from `pit` alone into `list` (see [`legal_moves_into`]).
pub(crate) fn moves_from_into(rules: &Rules, pos: &Position, pit: Pit, list: &mut MoveList) {
    list.clear(pos);
    generate(rules, pos, Some(pit), list, &|| false, u64::MAX);
}

/// The moves from `only` (every pit when `None`) appended to `list` (of
/// `pos`); `false` when `stop` ended it early. A start pit with a path
/// longer than `allowance` laps is left pending (see [`lazy_moves_until`]).
fn generate(
    rules: &Rules,
    pos: &Position,
    only: Option<Pit>,
    list: &mut MoveList,
    stop: &dyn Fn() -> bool,
    allowance: u64,
) -> bool {
    let own = pos.board.side(pos.to_move);
    let opp = pos.board.side(pos.to_move.opponent());
    let total: u32 = own.iter().chain(opp).map(|&n| n as u32).sum();
    if total > 255 {
        // some pit might overflow its byte: the general explorer
        let mut found = Vec::new();
        match only {
            Some(pit) => explore_general(rules, pos, pit, &mut found),
            None => {
                for pit in Pit::ALL {
                    explore_general(rules, pos, pit, &mut found);
                }
            }
        }
        for m in found {
            list.push_legal(&m);
        }
        return true;
    }
    let relay_capturing = rules.after_capture == AfterCapture::RelayCapturingPit;
    match (rules.reverse_laps, relay_capturing) {
        (ReverseLaps::None, false) => gen_k::<K<0, false>>(rules, pos, only, list, stop, allowance),
        (ReverseLaps::None, true) => gen_k::<K<0, true>>(rules, pos, only, list, stop, allowance),
        (ReverseLaps::StartChain, false) => {
            gen_k::<K<1, false>>(rules, pos, only, list, stop, allowance)
        }
        (ReverseLaps::StartChain, true) => {
            gen_k::<K<1, true>>(rules, pos, only, list, stop, allowance)
        }
        (ReverseLaps::AnyLap, false) => {
            gen_k::<K<2, false>>(rules, pos, only, list, stop, allowance)
        }
        (ReverseLaps::AnyLap, true) => gen_k::<K<2, true>>(rules, pos, only, list, stop, allowance),
        (ReverseLaps::WholeMove, false) => {
            gen_k::<K<3, false>>(rules, pos, only, list, stop, allowance)
        }
        (ReverseLaps::WholeMove, true) => {
            gen_k::<K<3, true>>(rules, pos, only, list, stop, allowance)
        }
    }
}

impl MoveList {
    /// Append a move found by the general explorer.
    fn push_legal(&mut self, m: &LegalMove) {
        let from = self.choices.len() as u32;
        self.choices.extend_from_slice(&m.mv.choices);
        let entry = |own, a, columns, result, kind| Entry {
            own,
            a,
            from,
            len: m.mv.choices.len() as u32,
            result,
            pit: m.mv.pit,
            three_seed: m.mv.three_seed,
            columns,
            kind,
        };
        let e = match &m.end {
            MoveEnd::Finished(f) => {
                self.wide.push(f.board);
                debug_assert_eq!(f.capture_sowings, f.columns.count_ones() as u64);
                entry(
                    (self.wide.len() - 1) as u128,
                    f.laps,
                    f.columns,
                    f.result,
                    EndKind::Wide,
                )
            }
            MoveEnd::NeverEnding(n) => entry(
                n.examined_laps as u128 | (n.laps_before_cycle.map_or(0, |b| b as u128 + 1) << 64),
                n.cycle_laps,
                0,
                Some(n.result),
                EndKind::Never,
            ),
        };
        self.entries.push(e);
    }
}

/// What the exploration of one start pit writes to: the list, and the
/// index of the pit's first move (for keeping one move per end).
struct Out<'a> {
    list: &'a mut MoveList,
    first: usize,
    pit: Pit,
    /// Polled in long moves (see [`legal_moves_until`]).
    stop: &'a dyn Fn() -> bool,
    /// Laps a path may take before its start pit is left pending.
    allowance: u64,
}

fn gen_k<V: Kind>(
    rules: &Rules,
    pos: &Position,
    only: Option<Pit>,
    list: &mut MoveList,
    stop: &dyn Fn() -> bool,
    allowance: u64,
) -> bool {
    let ctx = Ctx::new(rules, pos);
    let own = u128::from_le_bytes(pos.board.side(pos.to_move).map(|n| n as u8));
    list.opp = ctx.opp;
    let mut sc = std::mem::take(&mut list.scratch);
    sc.stopped = false;
    let pits = match only {
        Some(p) => p.index()..p.index() + 1,
        None => 0..16,
    };
    for s in pits {
        let hand = get(own, s);
        if hand < 2 {
            continue;
        }
        let pit = Pit::from_index(s);
        let (first, choices) = (list.entries.len(), list.choices.len());
        let mut out = Out {
            first,
            list: &mut *list,
            pit,
            stop,
            allowance,
        };
        moves_from_k::<V>(&ctx, &mut sc, &mut out, own, s, hand);
        if sc.stopped {
            break;
        }
        if sc.pending {
            // none of the pit's moves, until it is decided
            sc.pending = false;
            list.entries.truncate(first);
            list.choices.truncate(choices);
            list.pending |= 1 << s;
            continue;
        }
        if ctx.three_seed && hand == 3 {
            // two seeds into the next pit, one into the pit beyond
            let after =
                (own & LIFT[s]) + (2u128 << (8 * ((s + 1) & 15))) + (1u128 << (8 * ((s + 2) & 15)));
            let result = judge_with(rules, ctx.mover, 0, 0, || ctx.opp_moves != 0);
            let from = list.choices.len() as u32;
            list.choices.push(Direction::Anticlockwise);
            list.entries.push(Entry {
                own: after,
                a: 1,
                from,
                len: 1,
                result,
                pit,
                three_seed: true,
                columns: 0,
                kind: EndKind::Packed,
            });
        }
    }
    let done = !sc.stopped;
    list.sown += std::mem::take(&mut sc.sown);
    list.scratch = sc;
    done
}

/// The legal moves from pit index `s` (holding `hand` seeds), exactly as
/// `explorer::explore_pit` in its distinct mode finds them, but the
/// three-seed opening.
#[inline(always)]
fn moves_from_k<V: Kind>(
    ctx: &Ctx,
    sc: &mut Scratch,
    out: &mut Out,
    own: u128,
    s: usize,
    hand: u32,
) {
    let lifted = St {
        own: own & LIFT[s],
        e: s as u8,
        l: s as u8,
        open: ctx.capturable,
        last_capture: 0,
        clockwise: false,
        chain: false,
        relay_next: false,
    };
    sc.branches.clear();
    sc.seen.clear();
    sc.never_laps = None;
    let clockwise_start =
        V::REVERSE != ReverseLaps::None && ctx.clockwise_start_legal(lifted.own, s, hand);
    for cw in [false, true] {
        if cw && !clockwise_start {
            continue;
        }
        let mut st = lifted;
        if V::REVERSE == ReverseLaps::WholeMove {
            st.clockwise = cw;
        }
        st.chain = cw && V::REVERSE == ReverseLaps::StartChain;
        st.l = sow(&mut st.own, s, hand, cw as usize);
        sc.path.start(if cw {
            Direction::Clockwise
        } else {
            Direction::Anticlockwise
        });
        run::<V>(ctx, sc, out, st, 1);
        if sc.stopped || sc.pending {
            return;
        }
        // the queued alternatives, latest first: each one's own
        // alternatives are pushed on top, so this is the general engine's
        // depth-first order
        while let Some(b) = sc.branches.pop() {
            sc.path
                .branch(b.parent_len as usize, b.defaults_before as usize);
            let mut st = b.st;
            sow_lap::<V>(&mut st, b.capture, b.hand, true);
            run::<V>(ctx, sc, out, st, b.laps + 1);
            if sc.stopped || sc.pending {
                return;
            }
        }
    }
    if let Some((cycle_laps, examined_laps, before)) = sc.never_laps
        && ctx.rules.never_ending != NeverEnding::Illegal
    {
        let list = &mut *out.list;
        let from = list.choices.len() as u32;
        list.choices.extend_from_slice(&sc.never);
        list.entries.push(Entry {
            own: examined_laps as u128 | (before.map_or(0, |b| b as u128 + 1) << 64),
            a: cycle_laps,
            from,
            len: sc.never.len() as u32,
            result: Some(never_result(&ctx.rules)),
            pit: out.pit,
            three_seed: false,
            columns: 0,
            kind: EndKind::Never,
        });
    }
}

/// Sow a lap planned at a lap end (other than the start).
#[inline(always)]
fn sow_lap<V: Kind>(st: &mut St, capture: bool, hand: u32, clockwise: bool) {
    if V::REVERSE == ReverseLaps::StartChain {
        st.chain &= clockwise;
    }
    let landing = sow(&mut st.own, st.e as usize, hand, clockwise as usize);
    // Ludii: the captured seeds trigger nothing; the capturing pit (still
    // L) is relayed next
    if !(V::RELAY_CAPTURING && capture) {
        st.l = landing;
    }
}

/// The path has ended at `st` after `laps` laps: write the move out, unless
/// an earlier one from the same start pit ends the same.
#[inline(always)]
fn finish(ctx: &Ctx, sc: &Scratch, out: &mut Out, st: St, defaults: u32, laps: u64) {
    let columns = ctx.columns(st.open);
    let list = &mut *out.list;
    if list.entries[out.first..]
        .iter()
        .any(|m| m.own == st.own && m.columns == columns)
    {
        return;
    }
    let from = list.choices.len();
    sc.path.write(defaults as usize, &mut list.choices);
    debug_assert!(
        list.entries[out.first..].last().is_none_or(|m| {
            let (a, b) = (m.from as usize, (m.from + m.len) as usize);
            list.choices[a..b] < list.choices[from..]
        }),
        "a start pit's moves are found in order of their choices"
    );
    // the opponent's pits left after the captures
    let opp_moves = ctx.opp_moves & !COLUMN_BITS[columns as usize];
    let result = judge_with(&ctx.rules, ctx.mover, columns, st.last_capture, || {
        opp_moves != 0
    });
    list.entries.push(Entry {
        own: st.own,
        a: laps,
        from: from as u32,
        len: (list.choices.len() - from) as u32,
        result,
        pit: out.pit,
        three_seed: false,
        columns,
        kind: EndKind::Packed,
    });
}

/// A never-ending path: the first found from a start pit is kept, with
/// the laps before its cycle when known.
#[cold]
#[inline(never)]
fn never(sc: &mut Scratch, cycle_laps: u64, examined: u64, before: Option<u64>) {
    if sc.never_laps.is_none() {
        sc.never.clear();
        sc.never.extend_from_slice(&sc.path.all);
        sc.never_laps = Some((cycle_laps, examined, before));
    }
}

/// Queue the clockwise alternative at a choice point, if its state is new.
#[inline(never)]
fn queue(sc: &mut Scratch, key: Key, b: Branch) {
    if sc.seen.insert(key) {
        sc.branches.push(b);
    }
}

/// Follow the default (anticlockwise) choice from lap end `st`, whose
/// choice prefix is `sc.path`, queueing each new clockwise alternative on
/// `sc.branches`, with Brent's cycle detection (the general engine's
/// `Explorer::run` without its recursion). `laps` were sown to get there.
#[inline(always)]
fn run<V: Kind>(ctx: &Ctx, sc: &mut Scratch, out: &mut Out, st: St, laps: u64) {
    let plen = sc.path.len() as u32;
    let mut defaults = 0u32;
    // the state, field by field (kept in registers)
    let mut own = st.own;
    let mut e = st.e as usize & 15;
    let mut l = st.l as usize & 15;
    let mut open = st.open as u32;
    let mut last_capture = st.last_capture as u32;
    let clockwise = st.clockwise;
    let mut chain = st.chain;
    let mut relay_next = st.relay_next;
    let state = |own, e: usize, l: usize, open: u32, last_capture: u32, chain, relay_next| St {
        own,
        e: e as u8,
        l: l as u8,
        open: open as u8,
        last_capture: last_capture as u8,
        clockwise,
        chain,
        relay_next,
    };
    // Brent's detector: the state saved at step `saved` of this path
    // (steps 0, 1, 3, 7, 15…: laps sown since `st`), compared with every
    // later one
    let mut steps = 0u64;
    let mut tortoise = st.key();
    let mut saved = 0u64;
    // the next lap count at which to check the allowance and poll `stop`
    let mut check = out.allowance.min(capture_free::STOP_EVERY);
    loop {
        let relay = V::RELAY_CAPTURING && relay_next;
        if open == 0 && !relay {
            // no capture can come any more
            let mut rest_laps = 0;
            if get(own, l) > 1 {
                let dir = if V::REVERSE == ReverseLaps::WholeMove && clockwise {
                    Direction::Clockwise
                } else {
                    Direction::Anticlockwise
                };
                let row = Row { x: own, l: l as u8 };
                let left = out.allowance.saturating_sub(steps);
                let (until, entry) = if out.list.in_full {
                    capture_free::rest_until_with_entry(row, e as u8, chain, dir, out.stop, left)
                } else {
                    (
                        capture_free::rest_until(row, e as u8, dir, out.stop, left),
                        None,
                    )
                };
                match until {
                    Until::Done(Rest::Ends { row, laps: n, .. }) => {
                        own = row.x;
                        rest_laps = n;
                    }
                    Until::Done(Rest::Cycles {
                        cycle_laps,
                        examined,
                    }) => {
                        sc.sown += steps + examined;
                        // counted from the move's start, as playing it does
                        let before = entry.map(|n| laps + steps + n);
                        never(sc, cycle_laps, steps + examined, before);
                        return;
                    }
                    Until::Unfinished(n) => {
                        sc.sown += steps + n;
                        sc.pending = true;
                        return;
                    }
                    Until::Stopped => {
                        sc.stopped = true;
                        return;
                    }
                }
            }
            // the last seed fell into an empty pit
            sc.sown += steps + rest_laps;
            let end = state(own, e, l, open, last_capture, chain, relay_next);
            finish(ctx, sc, out, end, defaults, laps + steps + rest_laps);
            return;
        }
        let n = get(own, l);
        if n <= 1 && !relay {
            sc.sown += steps;
            let end = state(own, e, l, open, last_capture, chain, relay_next);
            finish(ctx, sc, out, end, defaults, laps + steps);
            return;
        }
        // What the rules say at L, without a branch (whether L captures is
        // the least predictable decision of a lap): a capture takes the
        // facing column and sows its seeds from E, a relay lifts L and sows
        // from there.
        let capture = !relay && facing_open(l, open);
        let hand = if capture { ctx.cap_hand[l] } else { n };
        let lifted = own & LIFT[if capture { 16 } else { l }];
        let from = if capture { e } else { l };
        let open_after = open & !((capture as u32) << (l & 7));
        let (cw, choice) = match V::REVERSE {
            ReverseLaps::None => (false, false),
            ReverseLaps::StartChain => (
                false,
                capture && chain && ctx.clockwise_captures(lifted, open_after, from, hand),
            ),
            ReverseLaps::AnyLap => (
                false,
                ctx.clockwise_captures(lifted, open_after, from, hand),
            ),
            ReverseLaps::WholeMove => (!capture && clockwise, false),
        };
        if choice {
            let before = state(own, e, l, open, last_capture, chain, relay_next);
            let last = if capture { l as u32 } else { last_capture };
            let after = state(
                lifted,
                from,
                l,
                open_after,
                last,
                chain,
                V::RELAY_CAPTURING && capture,
            );
            queue(
                sc,
                before.key(),
                Branch {
                    st: after,
                    capture,
                    hand,
                    parent_len: plen,
                    defaults_before: defaults,
                    laps: laps + steps,
                },
            );
            defaults += 1;
        }
        own = lifted;
        e = from;
        open = open_after;
        last_capture = if capture { l as u32 } else { last_capture };
        if V::RELAY_CAPTURING {
            relay_next = capture;
        }
        if V::REVERSE == ReverseLaps::StartChain {
            chain &= cw;
        }
        let landing = sow(&mut own, e, hand, cw as usize) as usize;
        // Ludii: the captured seeds trigger nothing; the capturing pit (still
        // L) is relayed next
        if !(V::RELAY_CAPTURING && capture) {
            l = landing;
        }
        steps += 1;
        if own == tortoise.own
            && state(own, e, l, open, last_capture, chain, relay_next).meta() == tortoise.meta
        {
            sc.sown += steps;
            never(sc, steps - saved, steps, None);
            return;
        }
        if steps & (steps + 1) == 0 {
            tortoise = state(own, e, l, open, last_capture, chain, relay_next).key();
            saved = steps;
        }
        if steps >= check {
            if steps >= out.allowance {
                sc.sown += steps;
                sc.pending = true;
                return;
            }
            if steps.is_multiple_of(capture_free::STOP_EVERY) && (out.stop)() {
                sc.stopped = true;
                return;
            }
            check = (steps / capture_free::STOP_EVERY + 1) * capture_free::STOP_EVERY;
            check = check.min(out.allowance);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path's choices as written out are its prefix then the defaults,
    /// for paths shorter and longer than its fixed head, however it got
    /// there (branches from short and long prefixes).
    #[test]
    fn paths_write_their_prefix_then_defaults() {
        let mut rng = crate::rng::Rng::new(12345);
        let mut rnd = |n: u64| rng.below(n);
        let mut path = Path::default();
        let mut model: Vec<Direction> = Vec::new();
        let (mut long, mut short) = (0, 0);
        for _ in 0..20_000 {
            if rnd(8) == 0 || model.is_empty() {
                let d = if rnd(2) == 0 {
                    Direction::Anticlockwise
                } else {
                    Direction::Clockwise
                };
                path.start(d);
                model = vec![d];
            } else {
                let parent = rnd(model.len() as u64 + 1) as usize;
                let defaults = rnd(12) as usize;
                path.branch(parent, defaults);
                model.truncate(parent);
                model.extend(std::iter::repeat_n(Direction::Anticlockwise, defaults));
                model.push(Direction::Clockwise);
            }
            assert_eq!(path.len(), model.len());
            let defaults = rnd(20) as usize;
            let mut out = vec![Direction::Clockwise; rnd(3) as usize];
            let before = out.clone();
            path.write(defaults, &mut out);
            let mut want = before;
            want.extend_from_slice(&model);
            want.extend(std::iter::repeat_n(Direction::Anticlockwise, defaults));
            assert_eq!(out, want);
            if model.len() + defaults > HEAD {
                long += 1;
            } else {
                short += 1;
            }
        }
        assert!(long > 1000 && short > 1000, "{long} {short}");
    }
}

#[cfg(test)]
mod seen_tests {
    use super::*;

    /// Choice states are told apart exactly, in the short list and in the
    /// hash set it turns into, and a cleared set forgets them.
    #[test]
    fn seen_states_are_remembered_until_cleared() {
        let key = |i: u64| Key {
            own: (i as u128) << 64 | (i * 7) as u128,
            meta: i % 5,
        };
        let mut seen = Seen::default();
        for round in 0..3 {
            let n = [10, 200, 30][round];
            for i in 0..n {
                assert!(seen.insert(key(i)), "round {round}: {i} is new");
                assert!(!seen.insert(key(i)), "round {round}: {i} was seen");
            }
            for i in 0..n {
                assert!(!seen.insert(key(i)));
            }
            assert_eq!(seen.in_big, n > SEEN_SCAN as u64);
            seen.clear();
            assert!(!seen.in_big && seen.small.is_empty() && seen.big.is_empty());
        }
    }
}

#[cfg(test)]
mod lazy_tests {
    use super::*;
    use crate::rng::Rng;

    /// Positions of random play from random boards of 64 seeds.
    fn positions(rules: &Rules, seed: u64) -> Vec<Position> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        let mut list = MoveList::new();
        for _ in 0..12 {
            let mut sides = [[0 as crate::Seeds; 16]; 2];
            for _ in 0..64 {
                sides[rng.below(2) as usize][rng.below(16) as usize] += 1;
            }
            let mut pos = Position::new(Board::from_sides(sides[0], sides[1]), Side::South);
            pos.first_move = false;
            pos.opponent_first_move = false;
            pos.before_first_capture = false;
            for _ in 0..30 {
                out.push(pos);
                legal_moves_into(rules, &pos, &mut list);
                let finished: Vec<usize> = (0..list.len())
                    .filter(|&i| list.get(i).unwrap().position_after().is_some())
                    .filter(|&i| list.get(i).unwrap().result().is_none())
                    .collect();
                if finished.is_empty() {
                    break;
                }
                let i = finished[rng.below(finished.len() as u64) as usize];
                pos = list.get(i).unwrap().position_after().unwrap();
            }
        }
        out
    }

    /// A lazy list, its pending pits then decided in any order, holds each
    /// pit's moves exactly as the whole generation lists them, in the same
    /// order within the pit; every move is named by its pit and rank
    /// whatever the list's layout.
    #[test]
    fn pending_pits_decide_to_the_whole_generations_moves() {
        let mut rng = Rng::new(77);
        let (mut pending, mut lists) = (0u32, 0u32);
        for rules in [
            Rules::SHACKELL_1935,
            Rules::MODERN,
            Rules::LUDII,
            Rules::MCGILL_2015,
        ] {
            let mut all = positions(&rules, 5);
            if rules == Rules::MCGILL_2015 {
                all.extend(crate::reference::long_cycle_positions());
            }
            let (mut whole, mut lazy) = (MoveList::new(), MoveList::new());
            for pos in &all {
                legal_moves_into(&rules, pos, &mut whole);
                for allowance in [0, 1, 3, 20, 300, 4096] {
                    assert!(lazy_moves_until(&rules, pos, &mut lazy, allowance, &|| {
                        false
                    }));
                    lists += 1;
                    // the decided pits' moves are the whole list's, in order
                    let decided: Vec<String> = lazy.iter().map(|m| format!("{m:?}")).collect();
                    let expect: Vec<String> = whole
                        .iter()
                        .filter(|m| lazy.pending() >> m.pit().index() & 1 == 0)
                        .map(|m| format!("{m:?}"))
                        .collect();
                    assert_eq!(decided, expect, "{pos:?} allowance {allowance}");
                    // decide the pending pits in a random order
                    let mut left: Vec<Pit> = Pit::ALL
                        .into_iter()
                        .filter(|p| lazy.pending() >> p.index() & 1 != 0)
                        .collect();
                    pending += left.len() as u32;
                    while !left.is_empty() {
                        let p = left.swap_remove(rng.below(left.len() as u64) as usize);
                        assert!(decide_until(&rules, &mut lazy, p, &|| false));
                    }
                    assert_eq!(lazy.pending(), 0);
                    assert_eq!(lazy.len(), whole.len());
                    for (i, m) in whole.iter().enumerate() {
                        let (pit, rank) = whole.pit_rank(i);
                        assert_eq!(pit, m.pit());
                        let j = lazy.find_rank(pit, rank).expect("listed");
                        assert_eq!(format!("{:?}", lazy.get(j).unwrap()), format!("{m:?}"));
                        assert_eq!(lazy.pit_rank(j), (pit, rank));
                    }
                }
            }
        }
        assert!(pending > 1000, "{pending} pending pits in {lists} lists");
    }

    /// A pending pit is left as it was when its decision is stopped, and
    /// the long moves of the McGill positions are pending at the default
    /// allowance, then decided never-ending.
    #[test]
    fn long_moves_are_pending_and_decide_exactly() {
        let rules = Rules::MCGILL_2015;
        let mut lazy = MoveList::new();
        for pos in crate::reference::long_cycle_positions() {
            let whole = crate::legal_moves(&rules, &pos);
            assert!(lazy_moves_until(&rules, &pos, &mut lazy, 4096, &|| false));
            assert_ne!(lazy.pending(), 0, "{pos:?}");
            // a decision told to stop at once gives up only in a move
            // long enough to poll it (the 1.5-million-lap cycle), and then
            // leaves the list as it was
            let mut stopped = 0;
            let mut copy = lazy.clone();
            for p in Pit::ALL {
                let (len, pending) = (copy.len(), copy.pending());
                if pending >> p.index() & 1 != 0 && !decide_until(&rules, &mut copy, p, &|| true) {
                    assert_eq!((copy.len(), copy.pending()), (len, pending));
                    stopped += 1;
                }
            }
            assert_eq!(stopped, (pos.to_move == Side::North) as u32);
            for p in Pit::ALL {
                if lazy.pending() >> p.index() & 1 != 0 {
                    assert!(decide_until(&rules, &mut lazy, p, &|| false));
                }
            }
            let mut got: Vec<LegalMove> = lazy.to_vec();
            got.sort_by_key(|m| m.mv.pit.index());
            assert_eq!(got, whole);
            assert!(whole.iter().any(|m| m.end.is_never_ending()));
        }
    }
}
