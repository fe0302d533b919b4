//! The process side of the `omweso` command: what needs a runtime, a
//! terminal or the file watcher, kept out of the `omweso` library.
//!
//! - [`serve`]: `omweso serve` (build, watch, live reload over SSE)
//! - [`progress`]: progress bars

pub mod progress;
pub mod serve;
