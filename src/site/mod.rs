//! The static site: `omweso serve` (build, watch, live reload).
pub mod serve;
