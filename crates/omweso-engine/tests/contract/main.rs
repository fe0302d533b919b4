//! The engine's rules contract (`RULES.md`), in one test binary sharing
//! one harness ([`harness`]): conformance with the sample vectors
//! (`tests/data/*.jsonl`), one test per clause of the rules, the two real
//! McGill COMP-424 cases, properties over random positions, and the fast
//! paths against the reference engine. `cargo test -p omweso-engine` runs
//! them all; the engine's dev-dependency on itself turns on its `reference`
//! feature for them.

mod conformance;
mod fast_vs_reference;
mod harness;
mod json;
mod never_ending;
mod properties;
mod rules;
mod trace_listed;
