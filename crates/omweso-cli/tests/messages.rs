//! What the command line quotes back of what a user wrote (a move, an id,
//! a name) is cut short: its first characters and its length
//! (`omweso::engine::quote`), so that a 100,000-character move makes a
//! message of one line, not of 100 KB.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The command's exit status and its error output.
fn omweso(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `omweso play` with a 100,000-character move: unreadable (a letter
/// after its directions) or illegal (from an empty pit), the error quotes
/// its first 40 characters and says how long it is; the same for a
/// 100,000-character `--id`.
#[test]
fn a_100000_character_move_is_quoted_short() {
    let a = "A".repeat(100_000);
    let (unreadable, from_empty) = (format!("12{a}X"), format!("1{a}"));
    let cases = [
        (
            vec!["play", "examples/start.yaml", &unreadable],
            format!(
                "cannot read move \"12{}\"… (100,003 characters): unexpected \"X\"",
                "A".repeat(38)
            ),
        ),
        (
            // South's pit 1 is empty in this position
            vec!["play", "examples/start.yaml", &from_empty],
            format!(
                "illegal move \"1{}\"… (100,001 characters): pit 1 holds 0 seeds",
                "A".repeat(39)
            ),
        ),
        (
            vec!["play", "--id", &*a, "examples/start.yaml", "12"],
            format!(
                "no position with id \"{}\"… (100,000 characters)",
                "A".repeat(40)
            ),
        ),
    ];
    for (args, said) in &cases {
        let (ok, err) = omweso(args);
        assert!(!ok, "{args:?} should fail");
        assert!(err.len() < 400, "{} bytes: {}", err.len(), &err[..400]);
        assert!(err.contains(said.as_str()), "{said} in {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // a short move is quoted whole, as written
    let (ok, err) = omweso(&["play", "examples/start.yaml", "1"]);
    assert!(
        !ok && err.contains("illegal move \"1\": pit 1 holds 0 seeds"),
        "{err}"
    );
}

/// A move with more direction letters than it has choice points is
/// refused, trailing anticlockwise ones too, and the message says how many
/// it has; the same move written without them is played.
#[test]
fn surplus_direction_letters_are_refused() {
    let (ok, err) = omweso(&["play", "content/positions/capture-basic.yaml", "S5AAAAAA"]);
    assert!(!ok, "S5AAAAAA was played: {err}");
    assert!(
        err.contains(
            "illegal move \"S5AAAAAA\": 6 directions given, but the move has only 1 choice point"
        ),
        "{err}"
    );
    let (ok, err) = omweso(&["play", "content/positions/capture-basic.yaml", "S5"]);
    assert!(ok, "{err}");
}
