//! Progress bars on the terminal (indicatif), fed by the library's
//! [`Progress`] reports.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use omweso::site::Progress;
use std::io::IsTerminal;

/// A bar of pages rendered, drawn on stderr when it is a terminal (and not
/// `--quiet`).
pub struct PageBar(ProgressBar);

impl PageBar {
    pub fn new(quiet: bool) -> PageBar {
        let pb = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        if quiet || !std::io::stderr().is_terminal() {
            pb.set_draw_target(ProgressDrawTarget::hidden());
        }
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} rendering {pos}/{len} pages {wide_bar} {elapsed}",
        ) {
            pb.set_style(style);
        }
        PageBar(pb)
    }
}

impl Progress for PageBar {
    fn pages(&self, pages: usize) {
        self.0.set_length(pages as u64);
    }

    fn page_done(&self) {
        self.0.inc(1);
    }

    fn finished(&self) {
        self.0.finish_and_clear();
    }
}
