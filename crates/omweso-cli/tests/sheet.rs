//! `omweso sheet` from the outside: the bundled rulebook's sheet is of its
//! `default_variant`; a folder of puzzles of several rule sets outside any
//! site is refused until one is chosen; bad options are refused by name;
//! `omweso puzzles verify` reports what it verified.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn omweso(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omweso"))
        .arg("sheet")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A new folder `puzzles` in `tmp` holding copies of the bundled puzzles
/// whose file names start with each prefix, at most `n` a prefix (in name
/// order); how many were copied.
fn copy_puzzles(tmp: &Path, picks: &[(&str, usize)]) -> usize {
    let dir = tmp.join("puzzles");
    std::fs::create_dir(&dir).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(root().join("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut copied = 0;
    for &(prefix, n) in picks {
        for name in names.iter().filter(|m| m.starts_with(prefix)).take(n) {
            std::fs::copy(root().join("puzzles").join(name), dir.join(name)).unwrap();
            copied += 1;
        }
    }
    copied
}

#[test]
fn the_rulebooks_sheet_is_of_its_default_rule_set() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("sheets");
    let run = omweso(&root(), &["--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let said = text(&run.stdout);
    assert!(
        said.contains("puzzles.pdf (") && said.contains(", modern, font Source Sans 3)"),
        "{said}"
    );
    let pdf = std::fs::read(out.join("puzzles.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let html = std::fs::read_to_string(out.join("puzzles.html")).unwrap();
    assert!(html.contains("Rules: Modern tournament rules"));
    assert!(!html.contains("Shackell (1935)"));
    assert!(!html.contains("class=\"hints"));
}

#[test]
fn puzzles_of_several_rule_sets_outside_a_site_need_a_choice() {
    let tmp = tempfile::tempdir().unwrap();
    // the win-now puzzles (two rule sets) and two of Ludii's
    let copied = copy_puzzles(
        tmp.path(),
        &[("win-now-", usize::MAX), ("best-move-ludii-", 2)],
    );
    assert!(copied >= 4, "{copied}");
    let run = omweso(tmp.path(), &["--out", "s.html"]);
    assert!(!run.status.success());
    let err = text(&run.stderr);
    assert!(
        err.contains("rule sets (") && err.contains("--variant"),
        "{err}"
    );
    let run = omweso(
        tmp.path(),
        &["--out", "s.html", "--variant", "ludii", "--hints", "page"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let html = std::fs::read_to_string(tmp.path().join("s.html")).unwrap();
    assert!(html.contains("Rules: Ludii"));
    assert!(html.contains("<section class=\"hints page\">"));
    let run = omweso(tmp.path(), &["--out", "s.html", "--variant", "all"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    for (args, says) in [
        (&["--variant", "nope"][..], "unknown --variant \"nope\""),
        (&["--hints", "inline"][..], "unknown --hints \"inline\""),
        (&["--per-page", "5"][..], "--per-page 5: expected 1 to 4"),
    ] {
        let run = omweso(tmp.path(), &[&["--out", "s.html"][..], args].concat());
        assert!(!run.status.success());
        assert!(text(&run.stderr).contains(says), "{}", text(&run.stderr));
    }
}

/// `omweso puzzles verify` counts the goals and says, per rating, what
/// finding a move takes in positions searched and following one in laps
/// (the two were once printed together as laps).
#[test]
fn puzzles_verify_reports_goals_and_the_effort_by_rating() {
    let tmp = tempfile::tempdir().unwrap();
    let copied = copy_puzzles(tmp.path(), &[("win-now-", 2), ("what-happens-", 2)]);
    assert_eq!(copied, 4);
    let dir = tmp.path().join("puzzles");
    let run = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["puzzles", "verify", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    let said = text(&run.stdout);
    let line = |start: &str| {
        said.lines()
            .find(|l| l.starts_with(start))
            .map(str::to_owned)
    };
    assert_eq!(
        line("win-now").as_deref(),
        Some("win-now            2"),
        "{said}"
    );
    assert_eq!(
        line("what-happens").as_deref(),
        Some("what-happens       2"),
        "{said}"
    );
    let ratings: Vec<&str> = said.lines().filter(|l| l.starts_with("rated ")).collect();
    let n = |l: &str| -> usize { l.split_whitespace().nth(2).unwrap().parse().unwrap() };
    let (find, follow): (Vec<&str>, Vec<&str>) = ratings
        .iter()
        .partition(|l| l.contains("to find: the search visits"));
    assert_eq!(find.iter().map(|l| n(l)).sum::<usize>(), 2, "{said}");
    assert!(
        find.iter().all(|l| l.contains(" positions (median ")),
        "{said}"
    );
    assert_eq!(follow.iter().map(|l| n(l)).sum::<usize>(), 2, "{said}");
    assert!(
        follow
            .iter()
            .all(|l| l.contains("to follow: a solver follows") && l.contains(" laps (median ")),
        "{said}"
    );
    assert!(said.ends_with("4 puzzles verified, 0 errors\n"), "{said}");
}
