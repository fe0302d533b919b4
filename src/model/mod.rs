//! The YAML formats (variants, positions) and their validation into engine
//! types, with located errors.

pub mod annotations;

pub use annotations::{Annotations, Arrow, Highlight, HighlightStyle, Note, PitRef};
