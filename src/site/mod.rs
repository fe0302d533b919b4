//! The static site generator: load a rulebook (chapters with diagrams,
//! positions, variants, glossary, puzzles), render it with tera templates
//! and write it atomically.
//!
//! - `config`: `omweso.yaml`, finding the site root
//! - `content`: loading and checking everything ([`load`])
//! - `traces`: every position's move played once (`Traces`)
//! - `markdown`: front matter, headings, links, fenced blocks, rendering
//!   ([`scan_markdown`], [`render_markdown`])
//! - `figure`: a diagram in a page (frames, text twin, stepper)
//! - `templates`: built-in tera templates and the site's overrides
//! - `render`: every page, in parallel
//! - `search`: the search index
//! - `output`: [`build`], atomic and deterministic
//! - `incremental`: a rebuild after an edit re-rendering only what changed
//!   ([`Session`], for `omweso serve`)
//!
//! The modules are private; what the `omweso` command, the tests and the
//! fuzz targets use is re-exported here.
//! - `init`: a new site ([`init()`])
//!
//! Diagram DOM: `<figure class="omweso-diagram" id="pos-ID">` holds
//! a `<figcaption>` (title, caption, the link to the diagrams' key), then
//! `<ol class="frames">` of `<li class="frame">` (the board as inline SVG and
//! the frame's words, `<div class="frame-words">`),
//! a hidden, empty `<div class="stepper">` that the script fills (prev,
//! play, next, frame status) and reveals, and `<details class="text-twin">`.

pub(crate) mod compare;
pub(crate) mod config;
pub(crate) mod content;
pub(crate) mod figure;
pub(crate) mod games;
mod incremental;
mod init;
pub(crate) mod layout;
mod markdown;
pub(crate) mod output;
pub(crate) mod render;
pub(crate) mod search;
pub(crate) mod templates;
pub(crate) mod traces;

pub use config::{Config, Print, RawHtml, find_root};
pub use content::{
    Chapter, FencedBlock, FrontMatter, GlossaryEntry, PositionKey, Site, load, parse_chapter,
    parse_glossary,
};
pub use incremental::{Rebuilt, Session};
pub use init::{InitError, init};
pub use layout::{Layout, RootError, variants_for_dir, variants_for_file};
pub use markdown::{
    Heading, Hidden, Link, MarkdownScan, MarkdownTarget, RawBlock, render_markdown, scan_markdown,
};
pub use output::{
    BuildOptions, BuildReport, OUTPUT_MARKER, build, build_asking, build_with, is_output,
};
pub use render::{Progress, SIDEBAR_ALL, SIDEBAR_GAMES, Silent};
pub use traces::Decisions;

/// Whether a process runs (Linux: /proc); elsewhere assume it does, so
/// nothing that may be in use is removed (build folders of killed builds
/// are cleaned by their process id).
pub fn process_alive(pid: u32) -> bool {
    let proc = std::path::Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}
