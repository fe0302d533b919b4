//! Nothing lost, through the `omweso` command as a user meets it: a build
//! killed between its two renames (the pause injected with strace, not left
//! to chance) and then a failing build; `selfplay --out` over an annotated
//! record and through a link; `build --force` on a home folder; a chapter
//! whose HTML would hide its rest. (`serve --out` is in `serve.rs`.)

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn omweso(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run omweso")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Every file under `dir`: (relative path, content).
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// The process ids of `pid`'s children.
fn children(pid: u32) -> Vec<u32> {
    let path = format!("/proc/{pid}/task/{pid}/children");
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// The reliability issue's first item: a build killed (SIGKILL) after it
/// moved the previous output aside and before it moved the new one in,
/// then a build that fails. The failing build must put the previous output
/// back and say it is unchanged; nothing is lost.
#[test]
fn a_build_killed_between_its_renames_then_a_failing_build_loses_nothing() {
    let (_tmp, site) = common::init_site();
    let out = omweso(&["build", "--quiet"], &site);
    assert!(out.status.success(), "{}", text(&out));
    let public = site.join("public");
    let before = snapshot(&public);
    assert!(before.len() > 10, "{} files", before.len());

    // The first rename of the build (the previous output moved aside) is
    // held for 8 s on its way out; the build is killed in that window.
    let mut traced = Command::new("strace")
        .args([
            "-f",
            "-o",
            "/dev/null",
            "-e",
            "trace=rename,renameat,renameat2",
            "-e",
            "inject=rename,renameat,renameat2:delay_exit=8000000:when=1",
            env!("CARGO_BIN_EXE_omweso"),
            "build",
            "--quiet",
        ])
        .current_dir(&site)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("strace (./test.sh installs it)");
    let deadline = Instant::now() + Duration::from_secs(120);
    let aside = loop {
        let found = std::fs::read_dir(&site)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(".omweso-old-") && n.ends_with("-public"))
            });
        if let Some(p) = found.filter(|_| !public.exists()) {
            break p;
        }
        assert!(
            traced.try_wait().unwrap().is_none(),
            "the build ended before its rename"
        );
        assert!(
            Instant::now() < deadline,
            "the build never moved its output aside"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    for pid in children(traced.id()) {
        let killed = Command::new("kill").args(["-9", &pid.to_string()]).status();
        assert!(killed.unwrap().success());
    }
    traced.wait().unwrap();
    assert!(
        !public.exists() && aside.is_dir(),
        "not the state under test"
    );

    // A failing build: an unknown key in the config.
    let config = site.join("omweso.yaml");
    let good = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{good}colour: red\n")).unwrap();
    let out = omweso(&["build", "--quiet"], &site);
    assert!(!out.status.success());
    assert!(text(&out).contains("unknown key"), "{}", text(&out));
    assert!(text(&out).contains("is unchanged"), "{}", text(&out));
    assert_eq!(snapshot(&public), before, "the previous output is lost");

    // Fixed, the next build replaces it and leaves nothing beside it.
    std::fs::write(&config, good).unwrap();
    let out = omweso(&["build", "--quiet"], &site);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(snapshot(&public), before);
    let beside: Vec<_> = std::fs::read_dir(&site)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(".omweso-"))
        .map(|e| e.file_name())
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
}

/// `selfplay --out` never writes over a file: not over an annotated
/// record of the same name, not through a link to a file elsewhere. It
/// refuses before it plays, and names what is in the way.
#[test]
fn selfplay_never_writes_over_a_file_or_through_a_link() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("games");
    std::fs::create_dir_all(&dir).unwrap();
    let annotated = dir.join("selfplay-shackell-1935-s1-g1.yaml");
    std::fs::write(&annotated, "# my notes on this game\n").unwrap();
    let elsewhere = tmp.path().join("precious.txt");
    std::fs::write(&elsewhere, "keep").unwrap();
    let link = dir.join("selfplay-shackell-1935-s1-g2.yaml");
    std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
    let dangling = dir.join("selfplay-shackell-1935-s1-g3.yaml");
    std::os::unix::fs::symlink(tmp.path().join("not-yet"), &dangling).unwrap();

    for games in ["1", "2", "3"] {
        let out = omweso(
            &[
                "selfplay", "--games", games, "--depth", "1", "--out", "games",
            ],
            tmp.path(),
        );
        assert!(!out.status.success(), "games {games}: {}", text(&out));
        assert!(text(&out).contains("already exist"), "{}", text(&out));
    }
    assert_eq!(
        std::fs::read_to_string(&annotated).unwrap(),
        "# my notes on this game\n"
    );
    assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "keep");
    assert!(!tmp.path().join("not-yet").exists());

    // a new seed writes new records beside them
    let out = omweso(
        &[
            "selfplay", "--games", "1", "--depth", "1", "--seed", "2", "--out", "games",
        ],
        tmp.path(),
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(dir.join("selfplay-shackell-1935-s2-g1.yaml").is_file());
}

/// `build --force` replaces a folder omweso did not write, but never a
/// home folder (here `HOME` names one with keys in it) nor a folder inside
/// the site.
#[test]
fn force_never_empties_a_home_folder_or_the_sites_docs() {
    let (tmp, site) = common::init_site();
    let home = tmp.path().join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::create_dir_all(home.join("Documents")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "secret").unwrap();
    std::fs::write(home.join("Documents/letter.txt"), "dear").unwrap();
    let docs = site.join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("guide.md"), "keep").unwrap();
    let (home_before, docs_before) = (snapshot(&home), snapshot(&docs));
    for (out_dir, why) in [(home.as_path(), "home folder"), (&docs, "inside the site")] {
        let out = Command::new(env!("CARGO_BIN_EXE_omweso"))
            .args(["build", "--quiet", "--force", "--out"])
            .arg(out_dir)
            .current_dir(&site)
            .env("HOME", &home)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{}", text(&out));
        assert!(text(&out).contains(why), "{}", text(&out));
    }
    assert_eq!(snapshot(&home), home_before);
    assert_eq!(snapshot(&docs), docs_before);
}

/// A chapter whose HTML would hide its rest under the default
/// `raw_html: sanitize` (a comment the sanitizer drops; a `<textarea>`
/// Markdown reads to the end) is an error of `check` and `build`, located
/// where the HTML opens; the previous output stays.
#[test]
fn a_chapter_is_never_cut_silently() {
    let (_tmp, site) = common::init_site();
    let out = omweso(&["build", "--quiet"], &site);
    assert!(out.status.success(), "{}", text(&out));
    let before = snapshot(&site.join("public"));
    let chapter = site.join("content/cut.md");
    std::fs::write(
        &chapter,
        "---\ntitle: Cut\n---\n# Cut\n\n<!-- a note left open\n\n## Later\n\nThe rest.\n",
    )
    .unwrap();
    // a comment the sanitizer drops, and a <textarea> whose block Markdown
    // runs to the end, taking the rest (a heading and a diagram) as text
    let open_textarea = "---\ntitle: Cut\n---\n# Cut\n\n<textarea>\n\n## Later\n\n\
                         ```omweso\nref: capture-basic\n```\n\nThe rest.\n";
    for (chapter_text, opened) in [
        (
            "---\ntitle: Cut\n---\n# Cut\n\n<!-- a note left open\n\n## Later\n\nThe rest.\n",
            "comment `<!--`",
        ),
        (open_textarea, "`<textarea>`"),
    ] {
        std::fs::write(&chapter, chapter_text).unwrap();
        for cmd in ["check", "build"] {
            let out = omweso(&[cmd], &site);
            assert!(!out.status.success(), "{cmd}: {}", text(&out));
            let said = text(&out);
            assert!(
                said.contains("cut.md:6:1: ")
                    && said.contains("this HTML hides the rest of the chapter")
                    && said.contains(opened),
                "{cmd}: {said}"
            );
        }
        assert_eq!(snapshot(&site.join("public")), before);
    }
    // a failing build into a new folder says it wrote nothing (there is no
    // previous output to keep)
    let out = omweso(&["build", "--out", "fresh"], &site);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("nothing was written to fresh") && !site.join("fresh").exists(),
        "{}",
        text(&out)
    );
}
