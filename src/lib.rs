//! omweso: an exact Omweso rules engine inside a rulebook site generator.
//!
//! The two crates below it are re-exported whole: [`engine`] (rules and
//! search) and [`diagram`] (frames, SVG and text, and the one narrator,
//! [`diagram::narrate`]). The modules here are the site generator's:
//! the YAML formats ([`model`]), the judge of an author's claims (the
//! private `claims`, whose verdicts [`check`] reports), a loaded
//! position's frames and their files ([`export`]), `omweso check`
//! ([`check`]), puzzles, self-play and the site.
//!
//! Each public module is a namespace whose root re-exports what the
//! `omweso` command, the tests, examples, benches and fuzz targets use;
//! the files below it are private, and so are `memo` (the engine's costly
//! answers, kept), `fonts` (the shipped fonts: [`FONT_FILES`] is
//! re-exported here) and `parallel` (legal moves a start pit per thread:
//! [`legal_moves_parallel`]).
//!
//! A position file read, and its move drawn, as `omweso diagram` does:
//!
//! ```
//! use omweso::model::{Source, Variants, parse_positions};
//!
//! let text = "variant: modern
//! to_move: south
//! board:
//!   - [2, 2, 2, 2, 2, 2, 2, 2]
//!   - [2, 2, 2, 2, 2, 2, 2, 2]
//!   - [2, 2, 2, 2, 2, 2, 2, 2]
//!   - [2, 2, 2, 2, 2, 2, 2, 2]
//! move: S16
//! ";
//! let src = Source::new("start.yaml", text);
//! let docs = parse_positions(&src, &Variants::builtin()).unwrap();
//! let frames = omweso::export::position_frames(&docs[0], None).unwrap();
//! assert!(frames.len() > 1); // the board before, each lap, the board after
//! ```

#![warn(missing_docs, unreachable_pub)]

pub mod check;
mod claims;
pub use omweso_diagram as diagram;
pub use omweso_engine as engine;
pub mod export;
mod fonts;
mod memo;
pub mod model;
mod parallel;
pub mod puzzle;
pub mod selfplay;
pub mod site;

pub use fonts::{FONT_FILES, FontFile};
pub use parallel::legal_moves_parallel;
