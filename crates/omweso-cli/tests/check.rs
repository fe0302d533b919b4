//! The `omweso` command on sites. `omweso check`: a correct example site,
//! broken in each way, must give the exact problem kind and location;
//! `--bless` rewrites only what differs; JSON output has the documented
//! shape; the bundled rulebook passes. `omweso init` and `omweso build`
//! end to end.

mod common;

use omweso::check::{self, Kind, Report};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const CONFIG: &str = "title: Test rulebook\n";

const CHAPTER_A: &str = "\
---
title: Alpha
order: 1
---
# Alpha

See [beta](b.md#beta).

```omweso
id: sow
to_move: south
board:
  - [0, 2, 0, 1, 0, 0, 3, 0]
  - [1, 0, 0, 2, 0, 0, 0, 1]
  - [0, 0, 0, 0, 0, 0, 0, 0]
  - [1, 0, 3, 1, 0, 0, 2, 0]
move: 3
expect:
  board:   # after the move
    - [0, 2, 0, 1, 0, 0, 3, 0]
    - [1, 0, 0, 2, 0, 0, 0, 1]
    - [0, 0, 0, 0, 0, 0, 0, 0]
    - [1, 0, 0, 2, 1, 1, 2, 0]
  captured: 0
  laps: 1   # one lap
  never_ending: false
  result: none
```

```omweso
ref: cap
```
";

const CHAPTER_B: &str = "\
---
title: Beta
order: 2
---
# Beta

Nothing to check here.
";

const POSITION: &str = "\
# a capture, with comments that bless must keep
id: cap
to_move: south
board:
  - [0, 2, 0, 1, 0, 0, 0, 3]
  - [1, 0, 0, 0, 0, 0, 0, 2]
  - [0, 0, 0, 0, 0, 0, 0, 1]
  - [0, 0, 0, 0, 4, 0, 0, 0]
move: 5
expect:
  board:
    - [0, 2, 0, 1, 0, 0, 0, 0]  # North outer
    - [1, 0, 0, 0, 0, 0, 0, 0]
    - [0, 0, 0, 0, 0, 0, 1, 3]
    - [0, 0, 0, 0, 0, 2, 2, 2]
  captured: 5   # two plus three
  laps: 2
  never_ending: false
  result: none
";

const GAME: &str = include_str!("../../../tests/data/check-game.yaml");

struct Site {
    dir: tempfile::TempDir,
}

impl Site {
    fn new() -> Site {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("content/positions")).unwrap();
        fs::create_dir_all(root.join("content/games")).unwrap();
        fs::write(root.join("omweso.yaml"), CONFIG).unwrap();
        fs::write(root.join("content/a.md"), CHAPTER_A).unwrap();
        fs::write(root.join("content/b.md"), CHAPTER_B).unwrap();
        fs::write(root.join("content/positions/cap.yaml"), POSITION).unwrap();
        fs::write(root.join("content/games/g.yaml"), GAME).unwrap();
        Site { dir }
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    /// Replace `from` (which must occur once) by `to` in file `rel`.
    fn edit(&self, rel: &str, from: &str, to: &str) {
        let p = self.path(rel);
        let text = fs::read_to_string(&p).unwrap();
        assert_eq!(text.matches(from).count(), 1, "{from:?} in {rel}");
        fs::write(&p, text.replacen(from, to, 1)).unwrap();
    }

    fn check(&self) -> Report {
        let mut r = check::check_site(self.root(), false);
        check::relative_to(&mut r, self.root());
        r
    }
}

/// The single problem of a report, as (kind, file, line, column).
fn only(report: &Report) -> (Kind, String, usize, usize) {
    assert_eq!(
        report.problems.len(),
        1,
        "expected one problem, got:\n{}",
        check::render_text(report)
    );
    let p = &report.problems[0];
    (
        p.kind,
        p.file.to_string_lossy().into_owned(),
        p.line,
        p.column,
    )
}

#[test]
fn the_correct_example_passes() {
    let site = Site::new();
    let r = site.check();
    assert!(r.ok(), "{}", check::render_text(&r));
    assert_eq!(r.checked.chapters, 2);
    assert_eq!(r.checked.positions, 2);
    assert_eq!(r.checked.moves, 2);
    assert_eq!(r.checked.games, 1);
    assert!(r.checked.plies >= 4);
    // 5 claims per position + per-move claims of the game + its result
    assert!(r.checked.expectations >= 12, "{:?}", r.checked);
}

#[test]
fn each_break_is_reported_with_its_kind_and_location() {
    let pos = "content/positions/cap.yaml";
    let ch = "content/a.md";
    let game = "content/games/g.yaml";
    type Case<'a> = (&'a str, &'a str, &'a str, (Kind, &'a str, usize, usize));
    let cases: Vec<Case> = vec![
        (
            pos,
            "- [0, 0, 0, 0, 0, 2, 2, 2]",
            "- [0, 0, 0, 0, 0, 2, 2, 3]",
            (Kind::WrongBoard, pos, 11, 3),
        ),
        (
            pos,
            "captured: 5",
            "captured: 4",
            (Kind::WrongCaptured, pos, 16, 3),
        ),
        (pos, "laps: 2", "laps: 3", (Kind::WrongLaps, pos, 17, 3)),
        (pos, "move: 5", "move: 6", (Kind::IllegalMove, pos, 9, 7)),
        (
            ch,
            "id: sow\n",
            "id: sow\nvariant: bogus\n",
            (Kind::UnknownVariant, ch, 11, 10),
        ),
        (
            ch,
            "captured: 0",
            "captured: none",
            (Kind::WrongType, ch, 24, 13),
        ),
        (
            ch,
            "never_ending: false",
            "never_ending: true",
            (Kind::WrongNeverEnding, ch, 26, 3),
        ),
        (
            ch,
            "result: none",
            "result: draw",
            (Kind::WrongResult, ch, 27, 3),
        ),
        (
            ch,
            "(b.md#beta)",
            "(c.md#beta)",
            (Kind::BrokenLink, ch, 7, 5),
        ),
        (
            ch,
            "(b.md#beta)",
            "(b.md#gamma)",
            (Kind::BrokenAnchor, ch, 7, 5),
        ),
        (ch, "ref: cap", "ref: nope", (Kind::UnknownRef, ch, 31, 6)),
        (
            game,
            "  - S8\n",
            "  - S9\n",
            (Kind::IllegalMove, game, 20, 5),
        ),
        (
            game,
            "record: demonstration",
            "record: real",
            (Kind::UnknownValue, game, 5, 9),
        ),
        (
            game,
            "laps: 18}",
            "laps: 17}",
            (Kind::WrongLaps, game, 19, 28),
        ),
        (
            game,
            "result: none",
            "result: south-wins",
            (Kind::WrongGameResult, game, 21, 1),
        ),
    ];
    for (file, from, to, (kind, want_file, line, column)) in cases {
        let site = Site::new();
        site.edit(file, from, to);
        let r = site.check();
        let got = only(&r);
        assert_eq!(
            got,
            (kind, want_file.to_string(), line, column),
            "breaking {file}: {from:?} -> {to:?}\n{}",
            check::render_text(&r)
        );
        assert!(!r.ok());
    }
}

#[test]
fn everything_wrong_is_reported_in_one_run() {
    let site = Site::new();
    site.edit("content/positions/cap.yaml", "captured: 5", "captured: 4");
    site.edit("content/positions/cap.yaml", "laps: 2", "laps: 3");
    site.edit("content/a.md", "(b.md#beta)", "(b.md#gamma)");
    site.edit("content/games/g.yaml", "result: none", "result: draw");
    let r = site.check();
    let kinds: Vec<Kind> = r.problems.iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        vec![
            Kind::BrokenAnchor,
            Kind::WrongGameResult,
            Kind::WrongCaptured,
            Kind::WrongLaps
        ],
        "{}",
        check::render_text(&r)
    );
}

#[test]
fn a_wrong_board_is_shown_side_by_side() {
    let site = Site::new();
    site.edit(
        "content/positions/cap.yaml",
        "- [0, 0, 0, 0, 0, 2, 2, 2]",
        "- [0, 0, 0, 0, 0, 2, 2, 3]",
    );
    let text = check::render_text(&site.check());
    assert!(
        text.starts_with(
            "content/positions/cap.yaml:11:3: error[wrong-board]: the board after move 5 differs from expect.board in 1 pit\n"
        ),
        "{text}"
    );
    assert!(text.contains("expected"), "{text}");
    assert!(
        text.contains(
            "    S outer    0   0   0   0   0   2   2   3     0   0   0   0   0   2   2   2*\n"
        ),
        "{text}"
    );
}

fn omweso(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn bless_rewrites_only_the_claims_that_differ() {
    let site = Site::new();
    let pos = site.path("content/positions/cap.yaml");
    let ch = site.path("content/a.md");
    let b = site.path("content/b.md");
    let game = site.path("content/games/g.yaml");
    site.edit(
        "content/positions/cap.yaml",
        "- [0, 0, 0, 0, 0, 2, 2, 2]",
        "- [0, 0, 0, 0, 0, 2, 12, 2]",
    );
    site.edit("content/positions/cap.yaml", "captured: 5", "captured: 4");
    site.edit("content/a.md", "laps: 1   # one lap", "laps: 7   # one lap");
    site.edit("content/games/g.yaml", "result: none", "result: \"draw\"");
    site.edit("content/games/g.yaml", "laps: 18}", "laps: 180}");
    // leave time so that an untouched file's mtime would show a rewrite
    let b_before = fs::metadata(&b).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let out = omweso(&["check", "--bless"], site.root());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(fs::read_to_string(&pos).unwrap(), POSITION);
    assert_eq!(fs::read_to_string(&ch).unwrap(), CHAPTER_A);
    assert_eq!(
        fs::read_to_string(&game).unwrap(),
        GAME.replace("result: none", "result: \"none\"")
    );
    assert_eq!(fs::read_to_string(&b).unwrap(), CHAPTER_B);
    assert_eq!(fs::metadata(&b).unwrap().modified().unwrap(), b_before);
    assert!(stderr.contains("blessed 5 claims in 3 files"), "{stderr}");
    // a second check passes and touches nothing
    let pos_time = fs::metadata(&pos).unwrap().modified().unwrap();
    let out = omweso(&["check", "--bless"], site.root());
    assert!(out.status.success());
    assert_eq!(fs::metadata(&pos).unwrap().modified().unwrap(), pos_time);
    let out = omweso(&["check"], site.root());
    assert!(out.status.success());
    // no temporary files left behind
    for dir in ["content", "content/positions", "content/games"] {
        for e in fs::read_dir(site.path(dir)).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(!name.contains("omweso-bless"), "{name}");
        }
    }
}

#[test]
fn bless_leaves_an_already_right_site_untouched() {
    let site = Site::new();
    let files = [
        "content/a.md",
        "content/b.md",
        "content/positions/cap.yaml",
        "content/games/g.yaml",
    ];
    let before: Vec<_> = files
        .iter()
        .map(|f| fs::metadata(site.path(f)).unwrap().modified().unwrap())
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let out = omweso(&["check", "--bless"], site.root());
    assert!(out.status.success());
    let after: Vec<_> = files
        .iter()
        .map(|f| fs::metadata(site.path(f)).unwrap().modified().unwrap())
        .collect();
    assert_eq!(before, after);
}

#[test]
fn json_output_has_the_documented_shape() {
    let site = Site::new();
    site.edit("content/positions/cap.yaml", "captured: 5", "captured: 4");
    site.edit("content/a.md", "ref: cap", "ref: nope");
    let out = omweso(&["check", "--format", "json"], site.root());
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    for key in [
        "chapters",
        "variants",
        "positions",
        "moves",
        "expectations",
        "games",
        "plies",
        "puzzles",
    ] {
        assert!(v["checked"][key].is_u64(), "checked.{key} in {v}");
    }
    let problems = v["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 2, "{v}");
    let p = &problems[0];
    assert_eq!(p["file"], "content/a.md");
    assert_eq!(p["line"], 31);
    assert_eq!(p["column"], 6);
    assert_eq!(p["kind"], "unknown-ref");
    assert!(p["message"].as_str().unwrap().contains("nope"));
    assert!(p.get("expected").is_none());
    let p = &problems[1];
    assert_eq!(p["file"], "content/positions/cap.yaml");
    assert_eq!(p["kind"], "wrong-captured");
    assert_eq!(p["expected"], 4);
    assert_eq!(p["actual"], 5);
    // a clean run
    let site = Site::new();
    let out = omweso(&["check", "--format", "json"], site.root());
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["problems"].as_array().unwrap().len(), 0);
}

#[test]
fn text_output_ends_with_a_summary_and_fails_on_problems() {
    let site = Site::new();
    let out = omweso(
        &["check", "--root", site.root().to_str().unwrap()],
        Path::new("/"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("checked 2 chapters"),
        "{stdout}"
    );
    assert!(stdout.trim_end().ends_with("all good"), "{stdout}");
    site.edit("content/positions/cap.yaml", "laps: 2", "laps: 3");
    let out = omweso(&["check"], &site.path("content"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("error[wrong-laps]"), "{stdout}");
    assert!(stdout.trim_end().ends_with("1 problem"), "{stdout}");
}

#[test]
fn the_bundled_rulebook_passes() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let out = omweso(&["check", "--format", "json"], root);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(out.status.success(), "{v:#}");
    assert_eq!(v["ok"], true);
    assert!(v["checked"]["games"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["checked"]["puzzles"].as_u64().unwrap() >= 60, "{v}");
    assert!(v["checked"]["expectations"].as_u64().unwrap() >= 100, "{v}");
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Corrupt every scalar claim and the first cell of every board claim of
/// the bundled content; bless must restore every file byte for byte.
#[test]
fn bless_restores_the_bundled_rulebook_byte_for_byte() {
    let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let tmp = tempfile::tempdir().unwrap();
    fs::copy(repo.join("omweso.yaml"), tmp.path().join("omweso.yaml")).unwrap();
    copy_dir(&repo.join("content"), &tmp.path().join("content"));
    // the chapters link to puzzle pages (not corrupted: only the content's
    // claims are)
    copy_dir(&repo.join("puzzles"), &tmp.path().join("puzzles"));
    let mut files = Vec::new();
    files_under(&tmp.path().join("content"), &mut files);
    let mut corrupted = 0;
    let mut boards = 0;
    for f in &files {
        let text = fs::read_to_string(f).unwrap();
        let mut out = String::new();
        let mut board_next = false;
        for line in text.split_inclusive('\n') {
            let t = line.trim_start();
            let indent = &line[..line.len() - t.len()];
            let mut new = line.to_string();
            if let Some(rest) = t.strip_prefix("captured: ").or(t.strip_prefix("laps: ")) {
                let (num, tail) = rest.split_at(rest.find(|c: char| !c.is_ascii_digit()).unwrap());
                let key = &t[..t.len() - rest.len()];
                new = format!("{indent}{key}{}{tail}", num.parse::<u64>().unwrap() + 1);
            } else if t.starts_with("never_ending: false") {
                new = line.replacen("false", "true", 1);
            } else if t.starts_with("result: none") {
                new = line.replacen("none", "draw", 1);
            } else if board_next && t.starts_with("- [") {
                let (num, tail) = t[3..].split_at(t[3..].find(',').unwrap());
                new = format!("{indent}- [{}{tail}", num.parse::<u64>().unwrap() + 7);
                boards += 1;
            }
            board_next = t.starts_with("board:") && out.ends_with("expect:\n");
            if new != line {
                corrupted += 1;
            }
            out.push_str(&new);
        }
        fs::write(f, out).unwrap();
    }
    assert!(corrupted >= 100 && boards >= 20, "{corrupted} {boards}");
    let out = omweso(&["check"], tmp.path());
    assert_eq!(out.status.code(), Some(1));
    let out = omweso(&["check", "--bless"], tmp.path());
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    for f in &files {
        let rel = f.strip_prefix(tmp.path()).unwrap();
        assert_eq!(
            fs::read_to_string(f).unwrap(),
            fs::read_to_string(repo.join(rel)).unwrap(),
            "{}",
            rel.display()
        );
    }
}

/// The bundled game record loads, replays to its claimed result, and every
/// ply draws as a diagram (what the site's game pages use).
#[test]
fn the_bundled_game_replays_and_draws() {
    use omweso::model::{ExpectedResult, RecordKind, Variants, load_games, replay};
    let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut variants = Variants::builtin();
    variants.load_dir(&repo.join("content/variants")).unwrap();
    let (games, errs) = load_games(&repo.join("content/games"), &variants);
    assert!(errs.is_empty(), "{errs}");
    assert!(!games.is_empty());
    for g in &games {
        if g.record == RecordKind::Historical {
            assert!(g.source.is_some(), "{}", g.id);
        }
        let r = replay(g, 50);
        assert!(r.stopped.is_none(), "{}: {:?}", g.id, r.stopped);
        assert_eq!(r.plies.len(), g.moves.len());
        assert_eq!(r.expected_result(), g.result);
        for ply in &r.plies {
            let doc = g.ply_doc(ply);
            let frames = omweso::export::position_frames(&doc, None).unwrap();
            assert!(frames.len() >= 2, "{} ply {}", g.id, ply.number);
        }
    }
    let demo = games
        .iter()
        .find(|g| g.id == "demonstration-greedy")
        .unwrap();
    assert_eq!(demo.record, RecordKind::Demonstration);
    assert_eq!(demo.result, ExpectedResult::NorthWins);
}

/// Kinds are given where a problem is found, not read from its wording: a
/// duplicate YAML key is a YAML error (its message says "duplicate"), a
/// duplicate id is a duplicate id.
#[test]
fn kinds_come_from_where_the_problem_is_found() {
    let pos = "content/positions/cap.yaml";
    let site = Site::new();
    site.edit(pos, "to_move: south\n", "to_move: south\nto_move: south\n");
    let r = site.check();
    let in_file: Vec<Kind> = r
        .problems
        .iter()
        .filter(|p| p.file.ends_with("cap.yaml"))
        .map(|p| p.kind)
        .collect();
    assert_eq!(in_file, [Kind::DuplicateKey], "{}", check::render_text(&r));

    let site = Site::new();
    let copy = fs::read_to_string(site.path(pos)).unwrap();
    fs::write(site.path("content/positions/cap2.yaml"), copy).unwrap();
    let r = site.check();
    let (kind, file, line, _) = only(&r);
    assert_eq!(kind, Kind::DuplicateId, "{}", check::render_text(&r));
    assert!(file.ends_with("cap2.yaml") || file.ends_with("cap.yaml"));
    assert_eq!(line, 2);
}

#[test]
fn cli_build_reports_located_errors_and_init_refuses_non_empty() {
    let exe = env!("CARGO_BIN_EXE_omweso");
    let (tmp, root) = common::init_site();
    let again = std::process::Command::new(exe)
        .arg("init")
        .arg(&root)
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));

    let out = tmp.path().join("out");
    let built = std::process::Command::new(exe)
        .args(["build", "--quiet", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert!(String::from_utf8_lossy(&built.stdout).starts_with("built "));

    let md = root.join("content/introduction.md");
    let text = fs::read_to_string(root.join("content/introduction.md"))
        .unwrap()
        .replace("move: 5", "move: 7");
    std::fs::write(&md, &text).unwrap();
    let failed = std::process::Command::new(exe)
        .args(["build", "--quiet", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!failed.status.success());
    let err = String::from_utf8_lossy(&failed.stderr);
    let line = text.lines().position(|l| l == "move: 7").unwrap() + 1;
    assert!(err.contains(&format!("introduction.md:{line}:")), "{err}");
    assert!(err.contains("illegal move"), "{err}");
    assert!(err.contains("unchanged"), "{err}");
}

/// check reports what a build would fail on, not only what loading finds:
/// a template error, a static file that would replace a generated page, a
/// positions folder that cannot be read.
#[test]
fn check_reports_what_build_would_fail_on() {
    let site = Site::new();
    fs::create_dir_all(site.path("templates")).unwrap();
    fs::write(
        site.path("templates/index.html"),
        "{% extends \"base.html\" %}{% block main %}{{ oops( }}{% endblock main %}",
    )
    .unwrap();
    let r = site.check();
    assert!(
        r.problems
            .iter()
            .any(|p| p.file.ends_with("templates/index.html")),
        "{}",
        check::render_text(&r)
    );

    let site = Site::new();
    fs::create_dir_all(site.path("static")).unwrap();
    fs::write(site.path("static/glossary.html"), "mine").unwrap();
    let r = site.check();
    let (_, file, _, _) = only(&r);
    assert!(file.ends_with("static/glossary.html"), "{file}");
    assert!(r.problems[0].message.contains("would replace a page"));

    let site = Site::new();
    fs::remove_dir_all(site.path("content/positions")).unwrap();
    fs::write(site.path("content/positions"), "not a folder").unwrap();
    let r = site.check();
    assert!(
        r.problems
            .iter()
            .any(|p| p.file.ends_with("content/positions") && p.kind == Kind::Unreadable),
        "{}",
        check::render_text(&r)
    );
}

/// A file of positions without ids: `--id #N` picks the N-th, and the
/// messages name them so.
#[test]
fn positions_without_ids_are_picked_by_number() {
    let tmp = tempfile::tempdir().unwrap();
    let board = "  board:\n    - [0, 2, 0, 1, 0, 0, 0, 3]\n    - [1, 0, 0, 0, 0, 0, 0, 2]\n    - [0, 0, 0, 0, 0, 0, 0, 1]\n    - [0, 0, 0, 0, 4, 0, 0, 0]\n";
    fs::write(
        tmp.path().join("two.yaml"),
        format!("- to_move: south\n{board}- to_move: north\n{board}"),
    )
    .unwrap();
    let out = omweso(&["moves", "two.yaml"], tmp.path());
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("#1 (no id), #2 (no id)"), "{said}");
    let out = omweso(&["moves", "two.yaml", "--id", "#2"], tmp.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with('N'));
    let out = omweso(&["moves", "two.yaml", "--id", "#3"], tmp.path());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no position #3: it holds 2"));
}

/// `--bless` never replaces a linked file by a regular one, nor writes
/// through the link, whether it points inside the site or out of it: it
/// names the link's target and fails; other files are blessed.
#[cfg(unix)]
#[test]
fn bless_never_replaces_or_writes_through_a_link() {
    let site = Site::new();
    let outside = tempfile::tempdir().unwrap();
    let wrong = POSITION.replace("captured: 5", "captured: 4");
    // a link to a file inside the site (outside content/), one to a file
    // outside it
    fs::create_dir_all(site.path("notes")).unwrap();
    let inside = site.path("notes/cap.yaml");
    fs::write(&inside, &wrong).unwrap();
    fs::remove_file(site.path("content/positions/cap.yaml")).unwrap();
    std::os::unix::fs::symlink(&inside, site.path("content/positions/cap.yaml")).unwrap();
    let away = outside.path().join("away.yaml");
    fs::write(&away, wrong.replace("id: cap", "id: away")).unwrap();
    std::os::unix::fs::symlink(&away, site.path("content/positions/away.yaml")).unwrap();
    site.edit("content/a.md", "laps: 1   # one lap", "laps: 7   # one lap");

    let out = omweso(&["check", "--bless"], site.root());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    for (link, target) in [
        ("content/positions/cap.yaml", &inside),
        ("content/positions/away.yaml", &away),
    ] {
        assert!(site.path(link).is_symlink(), "{link} was replaced");
        assert_eq!(&fs::read_link(site.path(link)).unwrap(), target);
        assert!(
            stderr.contains(&format!("is a link to {}", target.display())),
            "{link}: {stderr}"
        );
    }
    assert_eq!(fs::read_to_string(&inside).unwrap(), wrong);
    assert_eq!(
        fs::read_to_string(&away).unwrap(),
        wrong.replace("id: cap", "id: away")
    );
    // the chapter, a plain file, is blessed
    assert_eq!(
        fs::read_to_string(site.path("content/a.md")).unwrap(),
        CHAPTER_A
    );
}
