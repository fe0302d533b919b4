//! Where a site's parts live: the one place that knows the folder layout.
//!
//! ```text
//! ROOT/omweso.yaml            the configuration
//! ROOT/content/*.md           chapters
//! ROOT/content/variants/      the site's own variants (beside the built-in ones)
//! ROOT/content/positions/     positions
//! ROOT/content/games/         game records
//! ROOT/content/glossary.yaml  the glossary
//! ROOT/puzzles/               puzzles
//! ROOT/templates/             template overrides
//! ROOT/static/                files copied as they are
//! ROOT/public/                the default output
//! ```

use crate::model::{Diagnostics, Variants};
use std::path::{Path, PathBuf};

/// The configuration file's name (read by [`super::config`]).
pub(crate) const CONFIG_FILE: &str = "omweso.yaml";

/// A site's folders, from its root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    root: PathBuf,
}

/// No site was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RootError {
    /// The current folder could not be read (the reason).
    #[error("cannot read the current folder: {0}")]
    CurrentDir(String),
    /// No `omweso.yaml` in the folder given or any folder above it.
    #[error(
        "no {CONFIG_FILE} found in {} or any folder above it: run `omweso init DIR` to start a site, or pass --root",
        .0.display()
    )]
    NotFound(PathBuf),
    /// The folder passed as the root has no `omweso.yaml`.
    #[error("no {CONFIG_FILE} in {}", .0.display())]
    NotASite(PathBuf),
}

/// Whether something is at `path`: a file, but also what reading then
/// refuses with a located error (a folder, a named pipe, a broken link),
/// rather than passing over it in silence.
pub(crate) fn present(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

impl Layout {
    /// The layout of the site rooted at `root` (not checked).
    pub fn new(root: impl Into<PathBuf>) -> Layout {
        Layout { root: root.into() }
    }

    /// The site rooted at `root`, which must hold `omweso.yaml`.
    pub fn at(root: &Path) -> Result<Layout, RootError> {
        if present(&root.join(CONFIG_FILE)) {
            Ok(Layout::new(root))
        } else {
            Err(RootError::NotASite(root.to_path_buf()))
        }
    }

    /// The site holding `start`: the nearest folder, from `start` up,
    /// holding `omweso.yaml`.
    pub fn find(start: &Path) -> Result<Layout, RootError> {
        let start = if start.is_absolute() {
            start.to_path_buf()
        } else {
            std::env::current_dir()
                .map_err(|e| RootError::CurrentDir(e.to_string()))?
                .join(start)
        };
        // Without `.` components, so that paths built from it read well.
        let start: PathBuf = start
            .components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect();
        start
            .ancestors()
            .find(|d| present(&d.join(CONFIG_FILE)))
            .map(Layout::new)
            .ok_or(RootError::NotFound(start))
    }

    /// The site's root folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Chapters, and the folders below.
    pub(crate) fn content(&self) -> PathBuf {
        self.root.join("content")
    }

    pub(crate) fn variants(&self) -> PathBuf {
        self.content().join("variants")
    }

    pub(crate) fn positions(&self) -> PathBuf {
        self.content().join("positions")
    }

    pub(crate) fn games(&self) -> PathBuf {
        self.content().join("games")
    }

    pub(crate) fn glossary(&self) -> PathBuf {
        self.content().join("glossary.yaml")
    }

    pub(crate) fn puzzles(&self) -> PathBuf {
        self.root.join("puzzles")
    }

    pub(crate) fn templates(&self) -> PathBuf {
        self.root.join("templates")
    }

    pub(crate) fn statics(&self) -> PathBuf {
        self.root.join("static")
    }

    /// Where `omweso build` writes by default.
    pub fn default_output(&self) -> PathBuf {
        self.root.join("public")
    }

    /// The folders a build reads, never to be written over: content,
    /// puzzles, templates, static, and the repository's `.git`.
    pub(crate) fn source_folders(&self) -> [PathBuf; 5] {
        [
            self.content(),
            self.puzzles(),
            self.templates(),
            self.statics(),
            self.root.join(".git"),
        ]
    }

    /// The built-in variants and the site's own (`content/variants/`), with
    /// every problem of the site's variant files.
    pub(crate) fn load_variants(&self) -> (Variants, Diagnostics) {
        let mut variants = Variants::builtin().within(&self.root);
        let errs = variants
            .load_dir(&self.variants())
            .err()
            .unwrap_or_default();
        (variants, errs)
    }
}

/// The variants a file given on the command line is read with: the
/// built-in ones, plus those of the site the file belongs to (the nearest
/// folder up holding `omweso.yaml`), if any, with that site's variant
/// problems.
pub fn variants_for_file(path: &Path) -> (Variants, Diagnostics) {
    variants_for_dir(path.parent().unwrap_or(Path::new(".")))
}

/// The variants for the files of a folder (see [`variants_for_file`]).
pub fn variants_for_dir(dir: &Path) -> (Variants, Diagnostics) {
    match Layout::find(dir) {
        Ok(site) => site.load_variants(),
        Err(_) => (Variants::builtin(), Diagnostics::default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_named_once() {
        let l = Layout::new("/s");
        assert_eq!(l.variants(), Path::new("/s/content/variants"));
        assert_eq!(l.puzzles(), Path::new("/s/puzzles"));
        assert_eq!(l.default_output(), Path::new("/s/public"));
        assert!(l.source_folders().contains(&PathBuf::from("/s/static")));
    }

    #[test]
    fn a_files_site_is_found_upwards() {
        let tmp = std::env::temp_dir().join(format!("omweso-layout-{}", std::process::id()));
        let deep = tmp.join("content/positions");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(tmp.join(CONFIG_FILE), "title: T\n").unwrap();
        assert_eq!(Layout::find(&deep).unwrap().root(), tmp.as_path());
        let (v, errs) = variants_for_file(&deep.join("p.yaml"));
        assert!(errs.is_empty() && v.get("shackell-1935").is_some());
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
