//! The library's integration tests, in one test binary (one link of the
//! library instead of eight), sharing one harness ([`common`]). The rules
//! engine's own contract tests (conformance with the sample vectors, the
//! rules clause by clause, properties, the McGill cases) are the engine
//! crate's: `crates/omweso-engine/tests/contract/`.

mod common;
mod diagram_search;
mod export;
mod hostile;
mod layers;
mod puzzle;
mod reading;
mod sheet;
mod site;
