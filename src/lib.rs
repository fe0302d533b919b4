//! omweso: an exact Omweso rules engine inside a rulebook site generator.
//!
//! The two crates below it are re-exported whole: [`engine`] (rules and
//! search) and [`diagram`] (frames, SVG and text, and the one narrator,
//! [`diagram::narrate`]). The modules here are the site generator's:
//! the YAML formats ([`model`]), the judge of an author's claims (the
//! private `claims`, whose verdicts [`check`] reports), a loaded
//! position's frames and their files ([`frames`]), `omweso check`
//! ([`check`]), puzzles, self-play and the site.

#![warn(unreachable_pub)]

pub mod check;
mod claims;
pub use omweso_diagram as diagram;
pub use omweso_engine as engine;
mod fonts;
pub mod frames;
mod memo;
pub mod model;
mod parallel;
pub mod puzzle;
pub mod selfplay;
pub mod site;

pub use fonts::{FONT_FILES, FontFile};
pub use parallel::legal_moves_parallel;
