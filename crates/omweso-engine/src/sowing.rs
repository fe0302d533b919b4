//! The move machine: sowing, relay and capture, one lap at a time.
//!
//! The machine works on the mover's and the opponent's sides as plain
//! arrays, indexed 0..=15 for pits 1..=16 of each side's own numbering. It
//! allocates nothing; the hot loops of move generation and never-ending
//! detection run entirely on the stack.

use super::board::Seeds;
use super::variant::{AfterCapture, ReverseLaps, ReverseStart, Rules};
use std::fmt;

/// The direction a lap is sown in, seen from the mover's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// 1 → 2 → … → 16 → 1: the normal direction.
    Anticlockwise,
    /// 16 → 15 → … → 1 → 16: reverse sowing (Okutebuka).
    Clockwise,
}

impl Direction {
    /// The lower-case name used in prose and files (`anticlockwise`, `clockwise`).
    pub fn name(self) -> &'static str {
        match self {
            Direction::Anticlockwise => "anticlockwise",
            Direction::Clockwise => "clockwise",
        }
    }

    /// The notation letter: `A` or `C`.
    pub fn letter(self) -> char {
        match self {
            Direction::Anticlockwise => 'A',
            Direction::Clockwise => 'C',
        }
    }

    /// Index step of one pit in this direction (mod 16).
    #[inline(always)]
    pub(crate) fn step(self) -> usize {
        match self {
            Direction::Anticlockwise => 1,
            Direction::Clockwise => 15,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What kind of sowing a lap is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LapKind {
    /// The seeds lifted from the starting pit.
    Start,
    /// The seeds lifted from the pit where the previous lap ended.
    Relay,
    /// Captured seeds, sown from E.
    CaptureSowing,
    /// The three-seed opening: two seeds into the next pit, one beyond.
    ThreeSeed,
}

impl LapKind {
    /// The lower-case name used in prose and files (`start`, `relay`, `capture-sowing`,
    /// `three-seed`).
    pub fn name(self) -> &'static str {
        match self {
            LapKind::Start => "start",
            LapKind::Relay => "relay",
            LapKind::CaptureSowing => "capture-sowing",
            LapKind::ThreeSeed => "three-seed",
        }
    }
}

/// One capture: the mover's capturing inner pit and the opponent's two
/// facing pits with the seeds taken from each (indices 0..=15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Capture {
    pub at: u8,
    pub inner: u8,
    pub inner_seeds: Seeds,
    pub outer: u8,
    pub outer_seeds: Seeds,
}

/// The state of a move at a lap end, before the rules decide what happens
/// there. Everything the rest of the move depends on is in here, so two equal
/// states have equal futures: this is what never-ending detection compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub own: [Seeds; 16],
    pub opp: [Seeds; 16],
    /// E: the pit last left empty.
    pub e: u8,
    /// L: the pit that got the last seed.
    pub l: u8,
    /// Whole-move variants: the move's direction. Otherwise unused (kept
    /// anticlockwise so that states compare equal).
    pub move_dir: Direction,
    /// Start-chain variants: every lap so far was clockwise.
    pub chain: bool,
    /// Ludii's after-capture rule: the next lap relays L whatever L holds.
    pub relay_next: bool,
    /// Bit c set: the opponent column facing the mover's pit 9+c was captured.
    pub columns: u8,
    /// The mover's inner pit index (8..=15) of the latest capture, or 0.
    pub last_capture: u8,
}

/// What the rules say at a lap end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// The last seed fell in an empty pit: the move is over.
    End,
    /// Another lap: `hand` seeds from E in `dir`, or a choice of direction
    /// when `choice` is set (then `dir` is anticlockwise, the default).
    Lap {
        kind: LapKind,
        hand: Seeds,
        dir: Direction,
        choice: bool,
        capture: Option<Capture>,
    },
}

/// The fixed context of one move: the variant's rules and whether captures
/// are suppressed (a first move under `first_move_captures: no`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    pub rules: Rules,
    pub no_capture: bool,
    /// Play the capture-free rest of a move on the packed fast path
    /// (`capture_free.rs`); off for the reference engine.
    pub fast: bool,
}

#[inline(always)]
fn is_inner(i: usize) -> bool {
    i >= 8
}

#[inline(always)]
fn is_left_hand(i: usize) -> bool {
    matches!(i, 0 | 1 | 14 | 15)
}

/// Facing opponent pits (inner, outer) of the mover's inner pit index `i`.
#[inline(always)]
pub(crate) fn facing(i: usize) -> (usize, usize) {
    // pit p = i+1 faces 25−p (index 23−i) and p−8 (index i−8)
    (23 - i, i - 8)
}

/// Sow `hand` seeds from E (index `e`) in `dir`, one a pit, E itself taking
/// a seed again when the hand holds 16 or more. Returns the landing index.
#[inline(always)]
pub(crate) fn sow(own: &mut [Seeds; 16], e: usize, hand: Seeds, dir: Direction) -> usize {
    let full = hand / 16;
    let rem = (hand % 16) as usize;
    if full > 0 {
        for p in own.iter_mut() {
            *p += full;
        }
    }
    let step = dir.step();
    let mut i = e;
    for _ in 0..rem {
        i = (i + step) & 15;
        own[i] += 1;
    }
    (e + (hand as usize % 16) * step) & 15
}

impl Ctx {
    /// Where a lap of `hand` seeds from `e` in `dir` would land, and how many
    /// seeds that pit would hold just before the last seed.
    #[inline(always)]
    fn landing(own: &[Seeds; 16], e: usize, hand: Seeds, dir: Direction) -> (usize, u32) {
        let l = (e + (hand as usize % 16) * dir.step()) & 15;
        // seeds the landing pit receives in this lap, the last one included
        let received = (hand as u32 - 1) / 16 + 1;
        (l, own[l] as u32 + received - 1)
    }

    #[inline(always)]
    fn facing_full(opp: &[Seeds; 16], l: usize) -> bool {
        if !is_inner(l) {
            return false;
        }
        let (fi, fo) = facing(l);
        opp[fi] > 0 && opp[fo] > 0
    }

    /// Whether a clockwise lap of `hand` from `e` is within the reach limit
    /// and ends in an immediate capture.
    #[inline(always)]
    fn clockwise_captures(&self, st: &State, e: usize, hand: Seeds) -> bool {
        if self.no_capture || !is_left_hand(e) || hand as u32 > self.rules.reach_limit(e) {
            return false;
        }
        let (l, before) = Self::landing(&st.own, e, hand, Direction::Clockwise);
        before > 0 && Self::facing_full(&st.opp, l)
    }

    /// Whether the move may start clockwise from pit index `s` (with its
    /// seeds `hand` already lifted into the hand).
    pub(crate) fn clockwise_start_legal(&self, st: &State, s: usize, hand: Seeds) -> bool {
        if self.rules.reverse_laps == ReverseLaps::None || self.no_capture {
            return false;
        }
        match self.rules.reverse_start {
            ReverseStart::Capture => self.clockwise_captures(st, s, hand),
            ReverseStart::FacingOccupied => {
                if !is_left_hand(s) || hand as u32 > self.rules.reach_limit(s) {
                    return false;
                }
                let (l, _) = Self::landing(&st.own, s, hand, Direction::Clockwise);
                Self::facing_full(&st.opp, l)
            }
        }
    }

    /// Lift pit `s` to begin a move; returns the state (E = s, nothing sown
    /// yet) and the hand.
    pub(crate) fn lift_start(
        &self,
        own: [Seeds; 16],
        opp: [Seeds; 16],
        s: usize,
    ) -> (State, Seeds) {
        let mut st = State {
            own,
            opp,
            e: s as u8,
            l: s as u8,
            move_dir: Direction::Anticlockwise,
            chain: false,
            relay_next: false,
            columns: 0,
            last_capture: 0,
        };
        let hand = st.own[s];
        st.own[s] = 0;
        (st, hand)
    }

    /// Sow the start lap in `dir` from the lifted state.
    #[inline(always)]
    pub(crate) fn sow_start(&self, st: &mut State, hand: Seeds, dir: Direction) {
        if self.rules.reverse_laps == ReverseLaps::WholeMove {
            st.move_dir = dir;
        }
        st.chain =
            dir == Direction::Clockwise && self.rules.reverse_laps == ReverseLaps::StartChain;
        st.l = sow(&mut st.own, st.e as usize, hand, dir) as u8;
    }

    /// Decide what happens at the current lap end; performs the capture or
    /// lifts the relayed pit, leaving the seeds to sow in the returned plan.
    #[inline(always)]
    pub(crate) fn plan(&self, st: &mut State) -> Plan {
        let l = st.l as usize;
        if st.relay_next {
            st.relay_next = false;
            return self.relay(st, l);
        }
        if st.own[l] <= 1 {
            return Plan::End;
        }
        if !self.no_capture && Self::facing_full(&st.opp, l) {
            let (fi, fo) = facing(l);
            let cap = Capture {
                at: l as u8,
                inner: fi as u8,
                inner_seeds: st.opp[fi],
                outer: fo as u8,
                outer_seeds: st.opp[fo],
            };
            st.opp[fi] = 0;
            st.opp[fo] = 0;
            st.columns |= 1 << (l - 8);
            st.last_capture = l as u8;
            let hand = cap.inner_seeds + cap.outer_seeds;
            let e = st.e as usize;
            let choice = match self.rules.reverse_laps {
                ReverseLaps::None | ReverseLaps::WholeMove => false,
                ReverseLaps::StartChain => st.chain && self.clockwise_captures(st, e, hand),
                ReverseLaps::AnyLap => self.clockwise_captures(st, e, hand),
            };
            if self.rules.after_capture == AfterCapture::RelayCapturingPit {
                st.relay_next = true;
            }
            return Plan::Lap {
                kind: LapKind::CaptureSowing,
                hand,
                dir: Direction::Anticlockwise,
                choice,
                capture: Some(cap),
            };
        }
        self.relay(st, l)
    }

    #[inline(always)]
    fn relay(&self, st: &mut State, l: usize) -> Plan {
        let hand = st.own[l];
        st.own[l] = 0;
        st.e = l as u8;
        let (dir, choice) = match self.rules.reverse_laps {
            ReverseLaps::None | ReverseLaps::StartChain => (Direction::Anticlockwise, false),
            ReverseLaps::AnyLap => (
                Direction::Anticlockwise,
                self.clockwise_captures(st, l, hand),
            ),
            ReverseLaps::WholeMove => (st.move_dir, false),
        };
        Plan::Lap {
            kind: LapKind::Relay,
            hand,
            dir,
            choice,
            capture: None,
        }
    }

    /// Sow a planned lap (other than the start) in `dir`.
    #[inline(always)]
    pub(crate) fn sow_lap(&self, st: &mut State, kind: LapKind, hand: Seeds, dir: Direction) {
        if dir == Direction::Anticlockwise {
            st.chain = false;
        }
        let landing = sow(&mut st.own, st.e as usize, hand, dir);
        // Ludii: the captured seeds trigger nothing; the capturing pit (still
        // L) is relayed next.
        if !(kind == LapKind::CaptureSowing && st.relay_next) {
            st.l = landing as u8;
        }
    }

    /// Whether no lap of the rest of the move can capture, and so none can
    /// be a choice point either: captures are suppressed, or each of the
    /// mover's inner pits has an empty facing pit (the opponent's pits only
    /// ever lose seeds during a move). Never right after a Ludii capture,
    /// whose capturing pit is relayed next whatever it holds.
    #[inline]
    pub(crate) fn capture_free(&self, st: &State) -> bool {
        !st.relay_next
            && (self.no_capture
                || (8..16).all(|i| {
                    let (fi, fo) = facing(i);
                    st.opp[fi] == 0 || st.opp[fo] == 0
                }))
    }

    /// The direction of every relay once the move is capture-free: the
    /// move's own under whole-move reverse sowing, else anticlockwise (a
    /// clockwise relay needs an immediate capture).
    #[inline]
    pub(crate) fn relay_dir(&self, st: &State) -> Direction {
        match self.rules.reverse_laps {
            ReverseLaps::WholeMove => st.move_dir,
            _ => Direction::Anticlockwise,
        }
    }

    /// Whether the three-seed opening is available from pit index `s`.
    pub(crate) fn three_seed_available(
        &self,
        own: &[Seeds; 16],
        s: usize,
        before_first_capture: bool,
    ) -> bool {
        self.rules.three_seed_opening && before_first_capture && own[s] == 3
    }
}

/// Sow the three-seed opening from pit index `s`: two seeds into the next
/// pit, one into the pit beyond. Returns the two pits sown.
pub(crate) fn three_seed(own: &mut [Seeds; 16], s: usize) -> (usize, usize) {
    let a = (s + 1) & 15;
    let b = (s + 2) & 15;
    own[s] = 0;
    own[a] += 2;
    own[b] += 1;
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_passes_e_again_with_sixteen_or_more() {
        let mut own = [0; 16];
        let l = sow(&mut own, 3, 17, Direction::Anticlockwise);
        assert_eq!(l, 4);
        assert_eq!(own[3], 1); // E took the 16th seed
        assert_eq!(own[4], 2);
        assert_eq!(own.iter().sum::<u16>(), 17);
    }

    #[test]
    fn sow_clockwise_wraps_from_pit_one_to_sixteen() {
        let mut own = [0; 16];
        let l = sow(&mut own, 0, 3, Direction::Clockwise);
        assert_eq!(l, 13);
        assert_eq!(own[15], 1);
        assert_eq!(own[14], 1);
        assert_eq!(own[13], 1);
    }

    #[test]
    fn landing_prediction_matches_sowing() {
        for e in 0..16 {
            for hand in 1..40u16 {
                for dir in [Direction::Anticlockwise, Direction::Clockwise] {
                    let mut own = [0u16; 16];
                    for (i, p) in own.iter_mut().enumerate() {
                        *p = (i as u16 * 7 + e as u16) % 3;
                    }
                    own[e] = 0;
                    let (l, before) = Ctx::landing(&own, e, hand, dir);
                    let mut sown = own;
                    let got = sow(&mut sown, e, hand, dir);
                    assert_eq!(l, got);
                    assert_eq!(before + 1, sown[got] as u32);
                }
            }
        }
    }
}
