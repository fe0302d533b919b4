//! The Omweso (Mweso) rules: pure game logic, no dependencies, no I/O.
//!
//! Implements the project's rules contract (`RULES.md`): a board of two
//! sides × 16 pits in Shackell numbering, the move algorithm (laps sown from
//! E, relay, capture), reverse sowing under each variant's rules, choice
//! points, exact never-ending detection (Brent's algorithm), and game
//! outcomes. The crate compiles to WebAssembly (`wasm32-unknown-unknown`).
//!
//! Every legal move of a position, with where it leads:
//!
//! ```
//! use omweso_engine::{Board, Position, Rules, Side, legal_moves};
//!
//! // Two seeds in every pit: the set-up of a first game.
//! let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
//! let moves = legal_moves(&Rules::SHACKELL_1935, &pos);
//! assert!(!moves.is_empty());
//! for m in &moves {
//!     // seeds are conserved by a move that does not capture
//!     if let Some(f) = m.end.finished() {
//!         assert_eq!(f.board.total() as u32, 64);
//!     }
//! }
//! ```
//!
//! Generating moves for many positions (a search, a sweep), write them into
//! one [`MoveList`] instead: [`legal_moves_into`] gives the same moves in
//! the same order, complete, and allocates nothing once the list has grown
//! to a position's moves; read them as [`MoveRef`]s.
//!
//! ```
//! use omweso_engine::{Board, MoveList, Position, Rules, Side, legal_moves_into};
//!
//! let mut list = MoveList::new();
//! let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
//! legal_moves_into(&Rules::SHACKELL_1935, &pos, &mut list);
//! for m in &list {
//!     // its notation, the seeds it captures, the position it leads to
//!     println!("{m}: {} captured", m.captured());
//!     if let Some(next) = m.position_after() {
//!         assert_eq!(next.to_move, Side::North);
//!     }
//! }
//! ```
//!
//! Playing a move: [`outcome`] gives where it ends and the position after
//! ([`Finished::position_after`]); [`trace`] adds its laps, for diagrams and
//! descriptions. Moves are read and written by [`notation`].
//!
//! ```
//! use omweso_engine::{Board, Position, Rules, Side, notation, outcome};
//!
//! let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
//! let mv = notation::parse_for(pos.to_move, "S16").unwrap();
//! let after = outcome(&Rules::SHACKELL_1935, &pos, &mv).unwrap().after.unwrap();
//! assert_eq!(after.to_move, Side::North);
//! assert_eq!(after.board.total(), 64);
//! ```

#![warn(missing_docs, unreachable_pub)]

mod board;
mod capture_free;
mod cycle;
mod explorer;
mod generator;
mod listing;
mod move_end;
mod move_types;
pub mod notation;
mod play;
mod position;
mod quote;
#[cfg(any(test, feature = "reference"))]
pub mod reference;
mod rng;
pub mod search;
mod sowing;
mod variant;

pub use board::{Board, Grid, Pit, Seeds, Side};
pub use generator::{MoveIter, MoveList, MoveRef, legal_moves_into, legal_moves_until};
pub use listing::{every_sequence, legal_moves, legal_moves_in_full, moves_from};
pub use move_types::{
    CaptureInfo, ClockwiseRefusal, Finished, Lap, LapEnd, LegalMove, Move, MoveEnd,
    NeverEndingInfo, Outcome, PlayError, Played, ThreeSeedRefusal,
};
pub use play::{outcome, trace, trace_listed};
pub use position::{GameResult, Position, WinKind};
pub use quote::{QUOTED_CHARS, Quoted, quote, thousands};
pub use sowing::{Direction, LapKind};
pub use variant::{
    AfterCapture, NeverEnding, Points, ReverseLaps, ReverseStart, Rules, Variant, Wins,
};
