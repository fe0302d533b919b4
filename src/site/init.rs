//! `omweso init DIR`: a new, working site to start from.

use std::path::{Path, PathBuf};

/// The files of a new site: (path, content).
pub(crate) const FILES: &[(&str, &str)] = &[
    ("omweso.yaml", include_str!("scaffold/omweso.yaml")),
    (
        "content/introduction.md",
        include_str!("scaffold/introduction.md"),
    ),
    (
        "content/positions/first-capture.yaml",
        include_str!("scaffold/first-capture.yaml"),
    ),
    (
        "content/glossary.yaml",
        include_str!("scaffold/glossary.yaml"),
    ),
    (
        "puzzles/win-now-modern-65d240.yaml",
        include_str!("scaffold/puzzle.yaml"),
    ),
    (
        "templates/README.md",
        include_str!("scaffold/templates-README.md"),
    ),
    ("static/.gitkeep", ""),
    (".gitignore", "/public\n/.omweso-*\n"),
];

/// Write a new site into `dir` (created if missing). A folder that is not
/// empty is refused unless `force` (then the scaffold's files are
/// overwritten and nothing else is touched). Returns the files written.
pub fn init(dir: &Path, force: bool) -> Result<Vec<PathBuf>, InitError> {
    let io = |path: &Path, what: &'static str| {
        let path = path.to_path_buf();
        move |source| InitError::Io { what, path, source }
    };
    if dir.exists() {
        if !dir.is_dir() {
            return Err(InitError::NotAFolder(dir.to_path_buf()));
        }
        let non_empty = std::fs::read_dir(dir)
            .map_err(io(dir, "read"))?
            .next()
            .is_some();
        if non_empty && !force {
            return Err(InitError::NotEmpty(dir.to_path_buf()));
        }
    }
    let mut written = Vec::new();
    for (rel, text) in FILES {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent, "create"))?;
        }
        std::fs::write(&path, text).map_err(io(&path, "write"))?;
        written.push(path);
    }
    Ok(written)
}

/// Why a site could not be started.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// The path given is a file, not a folder.
    #[error("{} is a file: expected a folder", .0.display())]
    NotAFolder(PathBuf),
    /// The folder given holds files (and `--force` was not passed).
    #[error(
        "{} is not empty: choose a new or empty folder, or pass --force to write the starter files into it",
        .0.display()
    )]
    NotEmpty(PathBuf),
    /// A starter file or folder could not be made.
    #[error("cannot {what} {}: {source}", path.display())]
    Io {
        /// What was being done ("create", "write").
        what: &'static str,
        /// The path it was done to.
        path: PathBuf,
        /// Why it failed.
        #[source]
        source: std::io::Error,
    },
}
