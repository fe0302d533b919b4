//! The YAML formats (variants, positions) and their validation into engine
//! types, with located errors.

pub(crate) mod game;
pub(crate) mod position;
pub(crate) mod source;
pub(crate) mod variant;
pub(crate) mod yaml;

pub use game::{
    GameDoc, GameMove, Players, Ply, RecordKind, Replay, ReplayStop, Start, load_games, parse_game,
    replay,
};
/// What an author adds to a position to explain it (the diagram crate's types).
pub(crate) use omweso_diagram::Annotations;
pub use position::{
    Block, Expect, ExpectedResult, PositionDoc, parse_block, parse_positions, position_yaml,
};
pub use source::{
    Diagnostic, Diagnostics, Kind, MAX_SOURCE_BYTES, Source, printable, read_text,
    unsafe_on_terminal,
};
pub(crate) use source::{Field, Spot, files_in, name_list, read_bounded};
pub use variant::{SourceRef, VariantDoc, VariantError, Variants, parse_variant};
pub(crate) use yaml::Seg;
