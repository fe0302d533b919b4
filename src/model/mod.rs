//! The YAML formats (variants, positions) and their validation into engine
//! types, with located errors.

pub mod game;
pub mod position;
pub mod source;
pub mod variant;
pub mod yaml;

pub use game::{
    GameDoc, GameMove, Ply, RecordKind, Replay, ReplayStop, Start, load_games, parse_game, replay,
};
/// What an author adds to a position to explain it (the diagram crate's types).
pub use omweso_diagram::{Annotations, Arrow, Highlight, HighlightStyle, Note, PitRef};
pub use position::{
    Block, Expect, ExpectedResult, PositionDoc, parse_block, parse_positions, position_yaml,
};
pub use source::{
    Diagnostic, Diagnostics, Field, Kind, LISTED_NAMES, Locations, MAX_SOURCE_BYTES, Source, Spot,
    files_in, name_list, printable, read_bounded, read_text, unix_line_breaks, unsafe_on_terminal,
};
pub use variant::{VariantDoc, VariantError, Variants, parse_variant};
pub use yaml::Seg;
