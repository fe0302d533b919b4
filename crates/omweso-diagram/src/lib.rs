//! Step-by-step Omweso diagrams: standalone, themeable SVG frames of
//! positions and moves (sowing, relay, capture) and their plain-text twins.
//! Depends on the rules engine and `svg` only; compiles to WebAssembly.
//!
//! A move becomes a sequence of [`Frame`]s: the position before (the lifted
//! pit marked), one frame per lap (the seeds' path in the lap's direction,
//! the landing pit and what happens there), and a summary. Long moves
//! (more than [`MAX_LAP_FRAMES`] laps, never-ending, or not fully traced)
//! show the first [`HEAD_LAPS`] laps, an elision frame, the last
//! [`TAIL_LAPS`] laps when the trace is complete, and the summary.
//!
//! Frame names sort in order and are stable: `00-before`, `01-lap-1`, …,
//! `NN-more-laps`, `NN-lap-K`, `99-summary` (`00-board` for a position
//! without a move). Output is deterministic: the same input gives
//! byte-identical SVG and text.
//!
//! The SVG is styled by CSS classes (`omw-*`) and custom properties
//! (`--omw-*`) with light defaults, a `prefers-color-scheme: dark` override
//! and a print override; clockwise laps differ from anticlockwise ones by
//! dashes, arrowhead and label, not by colour alone.
//!
//! ```
//! use omweso_diagram::{Annotations, move_frames};
//! use omweso_engine::{Board, Move, Pit, Position, Rules, Side, play};
//!
//! let mut south = [1; 16];
//! south[4] = 4; // pit 5 holds four seeds
//! let pos = Position::new(Board::from_sides(south, [2; 16]), Side::South);
//! let mv = Move::forward(Pit::new(5).unwrap());
//! let played = play(&Rules::SHACKELL_1935, &pos, &mv, 100).unwrap();
//! let frames = move_frames(&played, &Annotations::default(), "shackell-1935");
//! assert_eq!(frames.first().unwrap().name, "00-before");
//! assert!(frames.iter().all(|f| f.svg.starts_with("<svg")));
//! ```

mod annotations;
mod frames;
mod scene;
mod svg;
mod text;
mod theme;

pub use annotations::{Annotations, Arrow, Highlight, HighlightStyle, Note, PitRef};
pub use frames::{HEAD_LAPS, MAX_LAP_FRAMES, TAIL_LAPS};
pub use theme::{Palette, resolve};

use omweso_engine::{Played, Position};

/// One picture of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Stable, sortable name: `00-before`, `03-lap-3`, `13-more-laps`,
    /// `99-summary`, `00-board`.
    pub name: String,
    /// Short title (also the SVG's `<title>`).
    pub title: String,
    /// The frame in words (also the SVG's `<desc>`).
    pub desc: String,
    /// A standalone SVG document.
    pub svg: String,
    /// The plain-text twin: the board as a grid of counts seen from the
    /// seat, and what happens.
    pub text: String,
}

/// A position without a move: one frame, named `00-board`.
pub fn board_frame(pos: &Position, ann: &Annotations, variant_name: &str) -> Frame {
    frames::board_frame(pos, ann, variant_name)
}

/// The frames of a played move (see the module documentation). Notes on lap
/// N appear in lap N's frame (in the elision frame when that lap is not
/// drawn, in the summary when past the end; lap 0 in the first frame).
/// Highlights and arrows are drawn on the position before the move.
pub fn move_frames(played: &Played, ann: &Annotations, variant_name: &str) -> Vec<Frame> {
    frames::move_frames(played, ann, variant_name)
}

/// The diagrams' stylesheet (theme variables with light, dark and print
/// values, and the class rules), for a page that inlines many frames and
/// keeps one copy of it (see [`strip_style`]).
pub fn stylesheet() -> String {
    theme::stylesheet()
}

/// A frame's SVG without its own `<style>` element (the page provides
/// [`stylesheet`] once).
pub fn strip_style(svg: &str) -> String {
    match (svg.find("<style"), svg.find("</style>")) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &svg[..a], &svg[b + "</style>".len()..]),
        _ => svg.to_string(),
    }
}
