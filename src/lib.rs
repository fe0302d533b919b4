//! omweso: an exact Omweso rules engine inside a rulebook site generator.
pub mod check;
pub mod describe;
pub mod diagram;
pub mod engine;
pub mod model;
pub mod puzzle;
pub mod site;
