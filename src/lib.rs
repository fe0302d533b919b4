//! omweso: an exact Omweso rules engine inside a rulebook site generator.
pub mod engine;
pub mod model;
