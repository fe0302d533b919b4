//! The static site generator: load a rulebook (chapters with diagrams,
//! positions, variants, glossary, puzzles), render it with tera templates
//! and write it atomically.
//!
//! - [`config`]: `omweso.yaml`, finding the site root
//! - [`content`]: loading and checking everything ([`load`])
//! - [`traces`]: every position's move played once ([`Traces`])
//! - [`markdown`]: front matter, headings, links, fenced blocks, rendering
//! - [`figure`]: a diagram in a page (frames, text twin, stepper)
//! - [`templates`]: built-in tera templates and the site's overrides
//! - [`render`]: every page, in parallel
//! - [`search`]: the search index
//! - [`output`]: [`build`], atomic and deterministic
//! - [`init`]: a new site
//!
//! Diagram DOM: `<figure class="omweso-diagram" id="pos-ID">` holds
//! a `<figcaption>` (title, caption, the link to the diagrams' key), then
//! `<ol class="frames">` of `<li class="frame">` (the board as inline SVG and
//! the frame's words, `<div class="frame-words">`),
//! a hidden `<div class="stepper">` (prev, play, next, frame status) that
//! the script reveals, and `<details class="text-twin">`.

pub mod compare;
pub mod config;
pub mod content;
pub mod figure;
pub mod games;
pub mod init;
pub mod layout;
pub mod markdown;
pub mod output;
pub mod render;
pub mod search;
pub mod templates;
pub mod traces;

pub use config::{CONFIG_FILE, Config, RawHtml, find_root};
pub use content::{Chapter, FencedBlock, FrontMatter, GlossaryEntry, PositionKey, Site, load};
pub use init::init;
pub use layout::{Layout, RootError, variants_for_dir, variants_for_file};
pub use output::{
    BuildOptions, BuildReport, OUTPUT_MARKER, Progress, Silent, build, build_asking, build_with,
    check_output, is_output,
};
pub use render::SIDEBAR_ALL;
pub use traces::{Decisions, Traces};

/// Whether a process runs (Linux: /proc); elsewhere assume it does, so
/// nothing that may be in use is removed (build folders of killed builds
/// are cleaned by their process id).
pub fn process_alive(pid: u32) -> bool {
    let proc = std::path::Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}
