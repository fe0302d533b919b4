//! What the library's integration tests share: where the repository and
//! its rulebook are, reading files, the shipped puzzles verified once, and
//! the two real McGill COMP-424 (2015) positions.

use std::path::{Path, PathBuf};

/// The repository root: the bundled rulebook, `tests/data`, golden files.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of `rel` under `dir`.
pub fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The shipped puzzles, verified once for the whole test binary (every
/// puzzle's answer is judged by the engine's search: seconds, not
/// milliseconds).
pub fn shipped() -> Vec<omweso::puzzle::Puzzle> {
    static SHIPPED: std::sync::OnceLock<Vec<omweso::puzzle::Puzzle>> = std::sync::OnceLock::new();
    SHIPPED
        .get_or_init(|| {
            let (puzzles, errs) = omweso::puzzle::verify_dir(
                Path::new("puzzles"),
                &omweso::model::Variants::builtin(),
            );
            assert!(errs.is_empty(), "shipped puzzles fail:\n{errs}");
            puzzles
        })
        .clone()
}
