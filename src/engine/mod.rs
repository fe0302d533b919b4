//! The rules engine: pure game logic, no I/O.
//!
//! Implements the project's rules contract (`RULES.md`): a board of two
//! sides × 16 pits in Shackell numbering, the move algorithm (laps sown from
//! E, relay, capture), reverse sowing under each variant's rules, choice
//! points, exact never-ending detection (Brent's algorithm), and game
//! outcomes.

pub mod board;
pub mod moves;
pub mod notation;
pub mod position;
pub mod sowing;
pub mod variant;

pub use board::{Board, Grid, Pit, Seeds, Side};
pub use moves::{
    CaptureInfo, Finished, Lap, LapEnd, LegalMove, Move, MoveEnd, NeverEndingInfo, PlayError,
    Played, dedupe, distinct_moves, every_sequence, legal_moves, moves_from, play,
};
pub use position::{GameResult, Position, WinKind};
pub use sowing::{Direction, LapKind};
pub use variant::{
    AfterCapture, NeverEnding, Points, ReverseLaps, ReverseStart, Rules, Variant, Wins,
};
