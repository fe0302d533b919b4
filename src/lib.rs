//! omweso: an exact Omweso rules engine inside a rulebook site generator.
pub mod check;
pub mod describe;
pub mod diagram;
pub mod fonts;
pub use omweso_engine as engine;
pub mod judge;
pub mod model;
pub mod moves;
pub use omweso_diagram::narrate;
pub mod puzzle;
pub mod selfplay;
pub mod site;
