//! The library's integration tests, in one test binary (one link of the
//! library instead of eight), sharing one harness ([`common`]).

mod common;
mod conformance;
mod diagram;
mod diagram_search;
mod hostile;
mod never_ending;
mod properties;
mod puzzle;
mod reading;
mod rules;
mod sheet;
mod site;
