//! `omweso init DIR`: a new, working site to start from.

use std::path::{Path, PathBuf};

/// The files of a new site: (path, content).
pub const FILES: &[(&str, &str)] = &[
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
        "puzzles/win-now-shackell-1935-08cadd.yaml",
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
pub fn init(dir: &Path, force: bool) -> Result<Vec<PathBuf>, String> {
    if dir.exists() {
        if !dir.is_dir() {
            return Err(format!("{} is a file: expected a folder", dir.display()));
        }
        let non_empty = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .next()
            .is_some();
        if non_empty && !force {
            return Err(format!(
                "{} is not empty: choose a new or empty folder, or pass --force to write the starter files into it",
                dir.display()
            ));
        }
    }
    let mut written = Vec::new();
    for (rel, text) in FILES {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
