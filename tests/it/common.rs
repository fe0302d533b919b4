//! What the library's integration tests share: where the repository and
//! its rulebook are, reading files, the shipped puzzles verified once, and
//! the two real McGill COMP-424 (2015) positions.

use omweso::engine::{Board, Position, Side};
use std::path::{Path, PathBuf};

/// The repository root: the bundled rulebook, `tests/data`, golden files.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of `rel` under `dir`.
pub fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// McGill's first real case: North to move; pit 2 never ends (a cycle of
/// 1,565,991 laps).
pub fn mcgill_first_case() -> Position {
    let south = [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    let north = [1, 2, 5, 2, 1, 2, 4, 3, 2, 1, 2, 1, 3, 2, 5, 24];
    Position::new(Board::from_sides(south, north), Side::North)
}

/// McGill's second real case: South to move; pit 12 ends after 255 laps.
pub fn mcgill_second_case() -> Position {
    let south = [1, 2, 10, 2, 3, 0, 4, 0, 4, 11, 4, 15, 0, 1, 2, 1];
    let north = [0, 0, 0, 0, 0, 1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0];
    Position::new(Board::from_sides(south, north), Side::South)
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
