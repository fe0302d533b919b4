//! The YAML formats (variants, positions) and their validation into engine
//! types, with located errors.

pub(crate) mod game;
pub(crate) mod position;
pub(crate) mod source;
pub(crate) mod variant;
pub(crate) mod yaml;

pub(crate) use game::{GameDoc, Replay, ReplayStop};
pub use game::{RecordKind, Start, load_games, parse_game, replay};
/// What an author adds to a position to explain it (the diagram crate's types).
pub(crate) use omweso_diagram::Annotations;
pub(crate) use position::Expect;
pub use position::{
    Block, ExpectedResult, PositionDoc, parse_block, parse_positions, position_yaml,
};
pub use source::{
    Diagnostic, Diagnostics, Kind, MAX_SOURCE_BYTES, Source, printable, read_text,
    unsafe_on_terminal,
};
pub(crate) use source::{Field, Spot, files_in, name_list, read_bounded};
pub(crate) use variant::VariantDoc;
pub use variant::{Variants, parse_variant};
pub(crate) use yaml::Seg;
