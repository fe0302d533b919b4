//! The real browser tests: `omweso serve` builds and serves a site on
//! loopback and headless Chromium (Debian's package, driven through
//! playwright-core by the scripts in tests/browser/) reads it.
//!
//! - The bundled rulebook (a copy of it; tests/browser/check-site.mjs): every page
//!   reachable from index.html loads with no console errors and no failed
//!   requests, diagrams are visible, the step-through moves forward and back
//!   (buttons and arrow keys), search finds a term and its link works, and
//!   screenshots of the-move.html go to target/browser-artifacts/.
//! - Live reload (tests/browser/live-reload.mjs) on a site made by
//!   `omweso init`: an edit reloads the open page, a broken build shows an
//!   error overlay, the fix removes it.
//! - A first build that fails (tests/browser/first-failure.mjs): the page
//!   lists the located errors, and turns into the site once they are fixed.
//! - The diagrams on a phone (tests/browser/diagrams.mjs): text at least
//!   11 CSS px at 390 and 360 px, no word over a count, paths between the
//!   pits, buttons that stay put while stepping.
//!
//! Needs `chromium` (apt-get install chromium) and the node modules
//! (npm ci --prefix crates/omweso-cli/tests/browser); the README's test
//! command, `./test.sh`, installs both. Without them the tests fail, saying
//! what to install: a browser test never passes without a browser. To leave
//! them out knowingly, filter them: `cargo test -- --skip real_browser`.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const FIRST_BUILD: Duration = Duration::from_secs(600);
const BROWSER_RUN: Duration = Duration::from_secs(600);

/// One Chromium at a time: the machine is small.
static BROWSER: Mutex<()> = Mutex::new(());

/// The repository root, which holds the bundled rulebook.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The browser scripts and their npm packages.
fn scripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

fn artifacts() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("browser-artifacts")
}

fn chromium() -> PathBuf {
    std::env::var_os("OMWESO_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// Panics, saying how to install it, when anything the browser test needs
/// is missing.
fn require_browser() {
    let mut missing = Vec::new();
    if !chromium().exists() {
        missing.push(format!(
            "{} not found: install it with `apt-get update && apt-get install -y chromium`",
            chromium().display()
        ));
    }
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !node.is_ok_and(|s| s.success()) {
        missing.push("node not found: install it with `apt-get install -y nodejs npm`".into());
    }
    if !scripts()
        .join("node_modules/playwright-core/package.json")
        .exists()
    {
        missing.push(format!(
            "{0}/node_modules is missing: run `npm ci --prefix {0}`",
            scripts().display()
        ));
    }
    assert!(
        missing.is_empty(),
        "the browser test cannot run (`./test.sh` installs what it needs):\n  {}",
        missing.join("\n  ")
    );
}

fn wait_bounded(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn read_all(mut r: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut s = String::new();
        let _ = r.read_to_string(&mut s);
        s
    })
}

/// A running `omweso serve`; killed if the test fails half-way.
struct Served {
    child: Option<Child>,
    url: String,
    log: Option<JoinHandle<String>>,
}

impl Served {
    fn start(root: &Path, work: &Path) -> Served {
        Served::start_expecting(root, work, " 200 ")
    }

    /// Start, and wait for index.html to answer with `status` (" 200 ").
    fn start_expecting(root: &Path, work: &Path, status: &str) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_omweso"))
            .args(["serve", "--root"])
            .arg(root)
            .args(["--port", "0", "--out"])
            .arg(work)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start omweso serve");
        let stdout = child.stdout.take().unwrap();
        let log = read_all(child.stderr.take().unwrap());
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut first = String::new();
            let _ = r.read_line(&mut first);
            let _ = tx.send(first);
            let mut rest = String::new();
            let _ = r.read_to_string(&mut rest);
        });
        let mut served = Served {
            child: Some(child),
            url: String::new(),
            log: Some(log),
        };
        let first = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("omweso serve printed no URL within 60 s");
        served.url = first
            .trim()
            .strip_prefix("serving ")
            .unwrap_or_else(|| panic!("the first line is not `serving URL`: {first:?}"))
            .to_string();
        assert!(
            served.url.starts_with("http://127.0.0.1:"),
            "{}",
            served.url
        );
        // The first request waits for the first build.
        let got = served.get_status("/index.html");
        assert!(got.contains(status), "index.html answered {got:?}");
        served
    }

    fn get_status(&self, path: &str) -> String {
        let addr = self
            .url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let mut s = std::net::TcpStream::connect(&addr).expect("connect to the server");
        s.set_read_timeout(Some(FIRST_BUILD)).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        let _ = s.read_to_string(&mut raw);
        raw.lines().next().unwrap_or("").to_string()
    }

    /// Ctrl-C; returns the exit status (None: still running after 20 s) and
    /// the server's log.
    fn interrupt(mut self) -> (Option<ExitStatus>, String) {
        let mut child = self.child.take().unwrap();
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        let status = wait_bounded(&mut child, Duration::from_secs(20));
        if status.is_none() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let log = self.log.take().unwrap().join().unwrap_or_default();
        (status, log)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(child) = self.child.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Copy a site folder, leaving out build output, version control, node
/// modules and the tests.
fn copy_site(from: &Path, to: &Path) {
    let skip = ["target", ".git", "tests", "public", "crates"];
    let walk = walkdir::WalkDir::new(from).into_iter().filter_entry(|e| {
        let name = e.file_name().to_string_lossy();
        let top = e.depth() == 1 && skip.contains(&name.as_ref());
        e.depth() == 0 || !(top || name == "node_modules" || name.starts_with(".omweso-"))
    });
    for entry in walk {
        let entry = entry.expect("read the site folder");
        let rel = entry.path().strip_prefix(from).unwrap();
        let dest = to.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// Run a node script of tests/browser/, bounded in time: (status, stdout, stderr).
fn node(script: &str, args: &[&str]) -> (Option<ExitStatus>, String, String) {
    let dir = scripts();
    let mut child = Command::new("node")
        .arg(dir.join(script))
        .args(args)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start node");
    let out = read_all(child.stdout.take().unwrap());
    let err = read_all(child.stderr.take().unwrap());
    let status = wait_bounded(&mut child, BROWSER_RUN);
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    (status, out.join().unwrap(), err.join().unwrap())
}

#[test]
fn the_rulebook_works_in_a_real_browser() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let artifacts = artifacts();
    for shot in ["the-move.png", "the-move-phone.png"] {
        let _ = std::fs::remove_file(artifacts.join(shot));
    }
    // A copy of the rulebook, so that editing the repository while the test
    // runs does not rebuild and reload the pages under the browser.
    let work = tempfile::tempdir().unwrap();
    let site = work.path().join("rulebook");
    copy_site(&repo(), &site);
    let server = Served::start(&site, &work.path().join("serve"));

    let (status, report, err) = node(
        "check-site.mjs",
        &[&server.url, artifacts.to_str().unwrap()],
    );
    let (server_status, server_log) = server.interrupt();

    eprintln!("{report}");
    let status = status.expect("the browser run took longer than 10 minutes");
    assert!(
        status.success(),
        "the browser checks failed ({status}):\n{report}\n{err}\nserver log:\n{server_log}"
    );
    let json: serde_json::Value = serde_json::from_str(&report).expect("a JSON report");
    assert!(json["pages"].as_u64().unwrap() >= 5, "{report}");
    assert!(json["diagrams"].as_u64().unwrap() >= 1, "{report}");
    // search snippets, each within one block of its page's text
    assert!(json["snippets"].as_u64().unwrap() >= 10, "{report}");
    for shot in ["the-move.png", "the-move-phone.png"] {
        let meta =
            std::fs::metadata(artifacts.join(shot)).unwrap_or_else(|e| panic!("{shot}: {e}"));
        assert!(meta.len() > 10_000, "{shot} is only {} bytes", meta.len());
    }
    let server_status = server_status.expect("omweso serve did not stop within 20 s of Ctrl-C");
    assert!(
        server_status.success(),
        "omweso serve exited with {server_status} after Ctrl-C:\n{server_log}"
    );
}

#[test]
fn live_reload_and_the_error_overlay_work_in_a_real_browser() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, site) = common::init_site();
    let stem = first_chapter(&site);

    let server = Served::start(&site, &dir.path().join("serve"));
    let artifacts = artifacts();
    let (status, report, err) = node(
        "live-reload.mjs",
        &[
            &server.url,
            site.to_str().unwrap(),
            &stem,
            artifacts.to_str().unwrap(),
        ],
    );
    let (server_status, server_log) = server.interrupt();
    eprintln!("{report}");
    let status = status.expect("the browser run took longer than 10 minutes");
    assert!(
        status.success(),
        "the live-reload checks failed ({status}):\n{report}\n{err}\nserver log:\n{server_log}"
    );
    // The server saw the edit, the failure and the fix.
    assert!(server_log.contains("failed"), "{server_log}");
    assert!(server_log.matches(" ok in ").count() >= 3, "{server_log}");
    assert!(
        server_status.is_some_and(|s| s.success()),
        "omweso serve did not stop cleanly after Ctrl-C ({server_status:?}):\n{server_log}"
    );
}

/// The stem of a site's first chapter (by file name).
fn first_chapter(site: &Path) -> String {
    let mut chapters: Vec<String> = std::fs::read_dir(site.join("content"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".md").map(String::from)
        })
        .collect();
    chapters.sort();
    chapters
        .first()
        .expect("omweso init wrote a chapter")
        .clone()
}

#[test]
fn a_failed_first_build_shows_its_errors_until_fixed_in_a_real_browser() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let (dir, site) = common::init_site();
    let config = site.join("omweso.yaml");
    let good = dir.path().join("good-omweso.yaml");
    std::fs::copy(&config, &good).unwrap();
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{text}\nno_such_setting: 1\n")).unwrap();

    let server = Served::start_expecting(&site, &dir.path().join("serve"), " 500 ");
    let (status, report, err) = node(
        "first-failure.mjs",
        &[
            &server.url,
            config.to_str().unwrap(),
            good.to_str().unwrap(),
        ],
    );
    let (_, server_log) = server.interrupt();
    eprintln!("{report}");
    let status = status.expect("the browser run took longer than 10 minutes");
    assert!(
        status.success(),
        "the first-failure checks failed ({status}):\n{report}\n{err}\nserver log:\n{server_log}"
    );
}

/// Positions of 64 seeds at random (the engine's generator, a fixed
/// seed), as position files.
fn random_position_files(n: usize) -> Vec<String> {
    let variants = ["shackell-1935", "modern", "ludii", "mcgill-2015"];
    let mut rng = omweso::engine::search::Rng::new(424);
    let mut next = move || rng.below(16);
    (0..n)
        .map(|i| {
            let mut grid = [[0u32; 8]; 4];
            for half in [0usize, 2] {
                for _ in 0..32 {
                    let k = (next() % 16) as usize;
                    grid[half + k / 8][k % 8] += 1;
                }
            }
            let rows: Vec<String> = grid
                .iter()
                .map(|r| {
                    let cells: Vec<String> = r.iter().map(u32::to_string).collect();
                    format!("  - [{}]\n", cells.join(", "))
                })
                .collect();
            let mut yaml = format!(
                "variant: {}\nto_move: {}\n",
                variants[i % 4],
                if i % 3 == 0 { "north" } else { "south" }
            );
            if i % 5 == 0 {
                yaml.push_str("before_first_capture: true\n");
            }
            if i % 10 == 0 {
                yaml.push_str("first_move: true\n");
            }
            yaml.push_str("board:\n");
            yaml.extend(rows);
            yaml
        })
        .collect()
}

/// Run a script of tests/browser/ on a copy of the bundled rulebook served
/// by `omweso serve` (in `work`), with its cases in a JSON file when it
/// takes any (arguments: the site's URL, the cases' file, the artifacts'
/// folder); the script's JSON report (and its text, for messages) once it
/// has passed.
fn on_the_rulebook(
    script: &str,
    work: &Path,
    cases: Option<serde_json::Value>,
) -> (serde_json::Value, String) {
    let cases_file = work.join("cases.json");
    if let Some(cases) = &cases {
        std::fs::write(&cases_file, cases.to_string()).unwrap();
    }
    let site = work.join("rulebook");
    copy_site(&repo(), &site);
    let server = Served::start(&site, &work.join("serve"));
    let artifacts = artifacts();
    std::fs::create_dir_all(&artifacts).unwrap();
    let mut args = vec![server.url.as_str()];
    if cases.is_some() {
        args.push(cases_file.to_str().unwrap());
    }
    args.push(artifacts.to_str().unwrap());
    let (status, report, err) = node(script, &args);
    let (_, server_log) = server.interrupt();
    eprintln!("{report}");
    let status = status.expect("the browser run took longer than 10 minutes");
    assert!(
        status.success(),
        "{script} failed ({status}):\n{report}\n{err}\nserver log:\n{server_log}"
    );
    let json = serde_json::from_str(&report).expect("a JSON report");
    (json, report)
}

/// Run a script of tests/browser/ as [`on_the_rulebook`] does, but on the
/// bundled rulebook built by `omweso build` into `work` and opened from
/// disk: the site's URL is a `file://` one, as when a reader opens
/// `public/index.html` (the README's way) or a saved copy.
fn on_the_rulebook_from_disk(
    script: &str,
    work: &Path,
    cases: serde_json::Value,
) -> (serde_json::Value, String) {
    let cases_file = work.join("cases.json");
    std::fs::write(&cases_file, cases.to_string()).unwrap();
    let public = work.join("public");
    let out = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["build", "--quiet", "--root"])
        .arg(repo())
        .arg("--out")
        .arg(&public)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "omweso build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let base = format!("file://{}/", public.display());
    let artifacts = artifacts();
    std::fs::create_dir_all(&artifacts).unwrap();
    let (status, report, err) = node(
        script,
        &[
            &base,
            cases_file.to_str().unwrap(),
            artifacts.to_str().unwrap(),
        ],
    );
    eprintln!("{report}");
    let status = status.expect("the browser run took longer than 10 minutes");
    assert!(
        status.success(),
        "{script} on {base} failed ({status}):\n{report}\n{err}"
    );
    let json = serde_json::from_str(&report).expect("a JSON report");
    (json, report)
}

/// The diagrams on a phone (tests/browser/diagrams.mjs): at 390 and 360 px
/// wide the smallest text of every figure of every chapter with figures
/// (and of a puzzle page, the compare page, the home page, a position's
/// page and a variant's) is at least 11 CSS px, no word of a frame
/// overlaps a pit's count or leaves the picture, no sowing path or arrow
/// runs through a count; and stepping through a figure's frames with Next
/// and Previous leaves the buttons where they are, at 390 and 1366 px.
/// At 390 px every text of a figure and every pit name (figures, the
/// compare page, the analysis board) is at least 12 px; the analysis
/// board's selected pit is not ringed; the compare page gives each
/// example's title and one reason per rule set with a link to a section
/// that exists (issue 24).
#[test]
fn diagrams_are_legible_on_a_phone_in_a_real_browser() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let (site, _) = omweso::site::load(&repo(), false);
    let mut pages: Vec<String> = site
        .chapters
        .iter()
        .filter(|c| !c.blocks.is_empty())
        .map(|c| c.url())
        .collect();
    assert!(pages.len() >= 5, "{pages:?}");
    // a puzzle (its solution's figure in a box), the compare page (a
    // figure for every rule set), the home page's featured figure, a
    // position's own page and a variant's
    let puzzle = site.puzzles.first().expect("a puzzle");
    pages.push(format!("puzzles/{}.html", puzzle.id));
    pages.push("compare.html".into());
    pages.push("index.html".into());
    let position = site.positions.first().expect("a position file");
    pages.push(format!("positions/{}.html", position.id().expect("an id")));
    let variant = site.variants.iter().next().expect("a variant");
    pages.push(format!("variants/{}.html", variant.name()));
    let work = tempfile::tempdir().unwrap();
    let (json, report) = on_the_rulebook(
        "diagrams.mjs",
        work.path(),
        Some(serde_json::json!({
            "pages": pages,
            "stepping": ["the-move.html", "capturing.html", "never-ending-moves.html"],
            "compare": "compare.html",
            "variants": site.variants.iter().map(|v| v.name()).collect::<Vec<_>>(),
            "analysis": "analysis.html",
        })),
    );
    assert_eq!(json["failures"], serde_json::json!([]), "{report}");
    // the shading and its key line, both ways: frames shaded (most rule
    // sets) and frames not (McGill's); the analysis board under each
    assert!(json["shaded"].as_u64().unwrap() >= 40, "{report}");
    assert!(json["unshaded"].as_u64().unwrap() >= 4, "{report}");
    for v in site.variants.iter() {
        let reverse = v.rules().reverse_laps != omweso::engine::ReverseLaps::None;
        assert_eq!(
            json["analysis"]["shading"][v.name()],
            if reverse { 2 } else { 0 },
            "{}: {report}",
            v.name()
        );
    }
    assert!(json["figures"].as_u64().unwrap() >= 40, "{report}");
    assert!(json["stepped"].as_u64().unwrap() >= 8, "{report}");
    for (w, min) in [("390", 12.0), ("360", 11.0)] {
        assert!(
            json["smallest"][w]["px"].as_f64().unwrap() >= min,
            "{report}"
        );
    }
    // pit names at 390 px, on figures, the compare page and the analysis
    // board (issue 24)
    assert!(
        json["names"]["390"]["px"].as_f64().unwrap() >= 12.0,
        "{report}"
    );
    assert!(
        json["analysis"]["smallest"].as_f64().unwrap() >= 12.0,
        "{report}"
    );
    // one reason per rule set for every compared example, each linked
    let examples = site.config.compare.len() as u64;
    assert_eq!(json["compare"]["examples"], examples, "{report}");
    let reasons = examples * site.variants.iter().count() as u64;
    assert_eq!(json["compare"]["reasons"], reasons, "{report}");
    assert_eq!(json["compare"]["links"], reasons, "{report}");
}

/// The analysis board (tests/browser/analysis.mjs): 50 random positions
/// pasted as YAML give the moves `omweso moves --format json` gives, in the
/// same order, in the same words (the narrator's `text`), and playing a move leaves its
/// `board_after`; a long never-ending decision shows progress and stops at
/// once on Stop, leaving the page usable; "Players' set-ups" sets the
/// set-up policy's boards for the seed it names. The board is the figures'
/// (issue 24: the engine's drawing, from a seat, its pits named; a move's
/// frames in its place with Previous, Play and Next, which do not move).
#[test]
fn the_analysis_board_agrees_with_the_engine_in_a_real_browser() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let work = tempfile::tempdir().unwrap();
    let (cases, expected) = analysis_cases(work.path(), 50);
    let (json, report) = on_the_rulebook("analysis.mjs", work.path(), Some(cases));
    check_analysis_report(&json, &report, 50, &expected);
}

/// The same checks on the rulebook opened from disk (`file://`), where
/// browsers refuse to fetch the module or start a worker from a file: the
/// analysis board, "Try a move" and the set-ups work as over http, with no
/// console error (fewer random positions: the build is the slow part).
#[test]
fn the_analysis_board_and_try_a_move_work_opened_from_disk() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let work = tempfile::tempdir().unwrap();
    let (cases, expected) = analysis_cases(work.path(), 5);
    let (json, report) = on_the_rulebook_from_disk("analysis.mjs", work.path(), cases);
    check_analysis_report(&json, &report, 5, &expected);
}

/// The computer's expected move and score in words (see
/// [`analysis_cases`]).
struct ComputerExpected {
    mv: String,
    score: String,
}

/// Cases for tests/browser/analysis.mjs: `n` random positions with their
/// moves by `omweso moves --format json` (files written into `work`), the
/// long never-ending decision, and the computer's position with the move
/// and score the search player gives it.
fn analysis_cases(work: &Path, n: usize) -> (serde_json::Value, ComputerExpected) {
    let mut cases = Vec::new();
    for (i, yaml) in random_position_files(n).into_iter().enumerate() {
        let file = work.join(format!("p{i}.yaml"));
        std::fs::write(&file, &yaml).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_omweso"))
            .arg("moves")
            .arg(&file)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "omweso moves {yaml}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        cases.push(serde_json::json!({"yaml": yaml, "moves": json["moves"]}));
    }
    // issue 13's McGill position: South's pit 12 never ends, after a cycle
    // of 1,411,989,072 laps
    let long = "variant: mcgill-2015\nto_move: south\nboard:\n  - [1, 1, 0, 0, 0, 0, 0, 0]\n  - [0, 0, 0, 0, 0, 0, 2, 1]\n  - [18, 17, 3, 6, 4, 1, 4, 1]\n  - [0, 1, 0, 1, 0, 1, 0, 2]\n";
    // the computer's position: the search player (as the module runs it:
    // a 2^16-entry table) within 2,000 positions
    let grid = [
        [2, 0, 3, 1, 0, 2, 4, 0],
        [1, 3, 0, 2, 5, 0, 1, 2],
        [0, 4, 2, 1, 3, 0, 2, 6],
        [3, 1, 0, 2, 2, 4, 0, 1],
    ];
    let computer = format!(
        "variant: modern\nto_move: south\nboard:\n{}",
        grid.iter()
            .map(|r| format!("  - [{}]\n", r.map(|n| n.to_string()).join(", ")))
            .collect::<String>()
    );
    let pos = omweso::engine::Position::new(
        omweso::engine::Board::from_grid(&grid),
        omweso::engine::Side::South,
    );
    let found = omweso::engine::search::Searcher::new(omweso::engine::search::Config {
        tt_bits: 16,
        ..Default::default()
    })
    .search(
        &omweso::engine::Rules::MODERN,
        &pos,
        omweso::engine::search::Limits::nodes(2_000),
        &mut || false,
    );
    let computer_move = omweso::engine::notation::format(&found.best.unwrap().mv);
    let computer_score = omweso::diagram::narrate::evaluation(
        omweso::engine::Side::South,
        omweso::engine::search::Score::of(found.score),
    );
    (
        serde_json::json!({"cases": cases, "long": long, "computer": computer}),
        ComputerExpected {
            mv: computer_move,
            score: computer_score,
        },
    )
}

/// What analysis.mjs reported, against the engine.
fn check_analysis_report(
    json: &serde_json::Value,
    report: &str,
    n: usize,
    expected: &ComputerExpected,
) {
    let (computer_move, computer_score) = (&expected.mv, &expected.score);
    assert_eq!(json["cases"], n, "{report}");
    assert_eq!(json["computer"]["move"], computer_move.as_str(), "{report}");
    assert!(
        json["computer"]["status"]
            .as_str()
            .unwrap()
            .starts_with(&format!("The computer played S{computer_move}. Looked ")),
        "{report}"
    );
    // the score in the narrator's words, as the module sends them
    assert_eq!(
        json["computer"]["evaluation"],
        format!("Evaluation, as the computer played S{computer_move}: {computer_score}."),
        "{report}"
    );
    // the levels: times, the strongest the default
    assert_eq!(
        json["levels"],
        serde_json::json!([
            {"value": "time_ms 500", "selected": false},
            {"value": "time_ms 2000", "selected": false},
            {"value": "time_ms 8000", "selected": true},
        ]),
        "{report}"
    );
    // playing the computer: it replied twice by itself (analysis.mjs checks
    // the marks, the move list and the shared link)
    let replies = json["vs"]["replies"]
        .as_array()
        .expect("the computer's replies");
    assert_eq!(replies.len(), 2, "{report}");
    // ...to moves played by tapping the board: the first a pit with one
    // legal move, played at once
    let taps = json["vs"]["taps"].as_array().expect("the reader's taps");
    assert_eq!(taps.len(), 2, "{report}");
    assert_eq!(taps[0]["moves"], 1, "{report}");
    assert!(
        taps.iter()
            .all(|t| t["played"].as_str().is_some_and(|m| m.starts_with('S'))),
        "{report}"
    );
    // "Try a move": the board after each move played in the page is the
    // engine's (omweso play's)
    let (site_model, _) = omweso::site::load(&repo(), false);
    let doc = site_model
        .all_positions()
        .find(|p| p.id() == Some("reverse-chain"))
        .expect("the rulebook's reverse-chain position");
    // picking pits on the drawn board: South's 16, with the engine's seeds
    let mut pits: Vec<String> = serde_json::from_value(json["pick_pits"].clone()).unwrap();
    pits.sort();
    let mut want: Vec<String> = (1..=16u8)
        .map(|n| {
            let k = doc.position.board.get(
                omweso::engine::Side::South,
                omweso::engine::Pit::new(n).unwrap(),
            );
            format!("Play S{n} ({k} seed{})", if k == 1 { "" } else { "s" })
        })
        .collect();
    want.sort();
    assert_eq!(pits, want, "the pits offered on the board");
    assert_eq!(json["pick_empty"], "No legal move starts from S2.");
    let mut from_1: Vec<String> = json["tried"]
        .as_object()
        .unwrap()
        .keys()
        .filter(|n| n.starts_with('1') && !n[1..].starts_with(|c: char| c.is_ascii_digit()))
        .cloned()
        .collect();
    let mut offered: Vec<String> = serde_json::from_value(json["pick_offered"].clone()).unwrap();
    from_1.sort();
    offered.sort();
    assert!(offered.len() >= 2, "{report}");
    assert_eq!(offered, from_1, "the moves offered for S1");
    let tried = json["tried"].as_object().expect("moves tried in the page");
    assert!(tried.len() >= 2, "{report}");
    for (notation, after) in tried {
        let mv = omweso::engine::notation::parse_for(doc.position.to_move, notation).unwrap();
        let out = omweso::engine::outcome(&doc.variant.variant.rules, &doc.position, &mv).unwrap();
        let board = out.after.map(|a| serde_json::json!(a.board.to_grid()));
        assert_eq!(
            Some(after.clone()),
            board,
            "{notation}: the page's board after differs from the engine's"
        );
    }
    assert!(json["moves"].as_u64().unwrap() > 4 * n as u64, "{report}");
    assert!(
        json["played"].as_u64().unwrap() >= (4 * n / 5) as u64,
        "{report}"
    );
    // "Players' set-ups": the set-up policy's boards from the seed the
    // page names, the start of a game (South to move, every flag on)
    let players = &json["players"];
    let note = players["note"].as_str().expect("the set-up note");
    let seed: u64 = note
        .split("seed ")
        .nth(1)
        .and_then(|t| t.split(')').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {note:?}"));
    assert_eq!(players["variant"], "modern", "{report}");
    let mut rng = omweso::engine::search::Rng::new(seed);
    let rules = omweso::engine::Rules::MODERN;
    let (south, south_style) = omweso::engine::search::setup::arrange_styled(
        &rules,
        omweso::engine::Side::South,
        &mut rng,
    );
    let (north, north_style) = omweso::engine::search::setup::arrange_styled(
        &rules,
        omweso::engine::Side::North,
        &mut rng,
    );
    // the note is the narrator's, for the styles drawn
    assert_eq!(
        note,
        omweso::diagram::narrate::set_up_note(seed, south_style, north_style),
        "{report}"
    );
    let grid = omweso::engine::Board::from_sides(south, north).to_grid();
    assert_eq!(players["board"], serde_json::json!(grid), "{report}");
    assert_eq!(players["to_move"], "south", "{report}");
    assert_eq!(
        players["flags"],
        serde_json::json!([true, true, true]),
        "{report}"
    );
    assert!(note.starts_with("Set up as the computer does"), "{note}");
    assert!(players["moves"].as_u64().unwrap() > 0, "{report}");
}

/// Puzzles played on the board (tests/browser/puzzle.mjs): a reader picks a
/// pit with no move, a wrong move, then the solution by keyboard on a win
/// in two — not solved yet: the page shows the defender's reply and the
/// board after it — then a wrong second move and a winning one (solved
/// only then); answers a "what happens?" wrong, then right; and solves
/// another puzzle at once. The page's verdicts are the verifier's and the
/// line's, the wrong moves' boards after are the engine's, the progress
/// kept in localStorage (missed, solved, streak) shows on the puzzle index
/// with the next unsolved puzzle, and every "Print a sheet" link opens a
/// sheet with all its rule set's puzzles and answers, in the site's font,
/// with no console error.
/// One board, in place (tests/browser/one-board.mjs, issue 24): "Try a
/// move" on a figure drawn from North's seat turns the figure itself into
/// the board to pick on and then the move's frames, each turned as the
/// figure (the same pit at the bottom left) with pit names, one board in
/// the figure's box, Reset back to the documented frames; while picking and
/// after a pick the figure from its board down fits within a screen, on a
/// small phone (360×740) and a phone (390×844) too, for a McGill figure of
/// North's (the whole of it, caption included, too) and a modern one (whose
/// key also explains the shaded pits); stepping through the move's frames
/// moves neither the board nor its buttons; a puzzle's wrong
/// move is replayed turned as the puzzle's board (the side to move at the
/// bottom), with pit names.
#[test]
fn try_a_move_and_puzzle_replays_keep_the_figures_seat_in_a_real_browser() {
    use omweso::puzzle::Goal;
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let (site_model, _) = omweso::site::load(&repo(), false);
    // a puzzle of North's, picked on the board, with a wrong move
    let puzzle = site_model
        .puzzles
        .iter()
        .find(|p| {
            p.seat() == omweso::engine::Side::North
                && p.goal != Goal::WhatHappens
                && p.attempts.iter().any(|a| !a.ok)
        })
        .expect("a puzzle of North's with a wrong move");
    let work = tempfile::tempdir().unwrap();
    let cases = serde_json::json!({
        "figures": [
            // drawn from North's seat, North to move (content/positions/mcgill-2015.yaml)
            {"page": "never-ending-moves.html", "id": "pos-never-ending-mcgill"},
            // modern rules: the key also explains the shaded pits (three
            // lines at 360 px), and the move relays, so four frames of words
            {"page": "reverse-capture.html", "id": "pos-modern-relay-reverse"},
        ],
        "puzzle": {"id": puzzle.id},
    });
    let (json, report) = on_the_rulebook("one-board.mjs", work.path(), Some(cases));
    let mut checked = 0;
    for (id, corner) in [
        ("pos-never-ending-mcgill", "N1"),
        ("pos-modern-relay-reverse", "S1"),
    ] {
        for (w, screen) in [("360", 740.0), ("390", 844.0), ("1366", 900.0)] {
            let r = &json["figures"][id][w];
            // the seat's pit 1 at the bottom left
            assert_eq!(r["figure"]["bottom_left"], corner, "{id} {report}");
            assert_eq!(r["boards_after_pick"], 1, "{id} {report}");
            // from the board down: the board, its words, the controls and
            // the list of moves
            let height = r["height"].as_f64().expect("the height");
            assert!(height <= screen, "{id} {w} px: {height} px tall\n{report}");
            let picking = r["height_picking"]
                .as_f64()
                .expect("the height while picking");
            assert!(
                picking <= screen,
                "{id} {w} px: {picking} px tall while picking\n{report}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
    // North's figure has a short caption: the whole of it fits too
    for (w, screen) in [("360", 740.0), ("390", 844.0), ("1366", 900.0)] {
        let whole = &json["figures"]["pos-never-ending-mcgill"][w]["whole"];
        assert!(
            whole.as_f64().expect("the whole height") <= screen,
            "{w}\n{report}"
        );
    }
    assert_eq!(json["puzzle"]["board"]["bottom_left"], "N1", "{report}");
}

#[test]
fn puzzles_are_solved_on_the_board_in_a_real_browser() {
    puzzles_on_the_board(false);
}

/// The same as [`puzzles_are_solved_on_the_board_in_a_real_browser`], on
/// the bundled rulebook built and opened from disk (`file://`): the line's
/// replies are drawn at build time, the wrong moves' frames by the engine
/// inlined in the page.
#[test]
fn puzzles_are_solved_on_the_board_opened_from_disk() {
    puzzles_on_the_board(true);
}

fn puzzles_on_the_board(from_disk: bool) {
    use omweso::puzzle::{Goal, Puzzle};
    use std::collections::BTreeMap;
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let (site_model, _) = omweso::site::load(&repo(), false);
    let pit_of = |m: &str| -> u8 {
        m.trim_end_matches(|c: char| c.is_ascii_alphabetic())
            .parse()
            .unwrap()
    };
    let moves_from = |p: &Puzzle, pit: u8| {
        p.attempts
            .iter()
            .filter(|a| pit_of(&a.notation) == pit)
            .count()
    };
    // the first: a win-in-two (its wrong moves are refuted by a reply) with
    // a pit that has no legal move and a wrong pit offering a choice of
    // direction when there is one
    let first = site_model
        .puzzles
        .iter()
        .filter(|p| p.goal == Goal::WinInTwo)
        .max_by_key(|p| {
            p.attempts
                .iter()
                .filter(|a| !a.ok && moves_from(p, pit_of(&a.notation)) > 1)
                .count()
                .min(1)
                * 100
                + p.attempts.len()
        })
        .expect("a win-in-two puzzle");
    let wrong = first
        .attempts
        .iter()
        .filter(|a| !a.ok)
        .max_by_key(|a| moves_from(first, pit_of(&a.notation)))
        .expect("a wrong move");
    let empty_pit = (1..=16u8)
        .find(|&n| moves_from(first, n) == 0)
        .expect("a pit with no move");
    let second = site_model
        .puzzles
        .iter()
        .find(|p| p.goal != Goal::WhatHappens && p.id != first.id && !p.attempts.is_empty())
        .expect("a second puzzle");
    let mv = |m: &str| serde_json::json!({"pit": pit_of(m), "move": m});
    // the line after the solution: the reply the page plays, then a wrong
    // second move (when there is one) and a winning one
    let step = first
        .attempts
        .iter()
        .find(|a| a.notation == first.solution)
        .and_then(|a| a.then)
        .expect("a win in two goes on after its solution");
    let reply = &first.continuations[step];
    let turn = reply
        .turn
        .as_ref()
        .expect("the reply does not end the game");
    let line_wrong = turn.attempts.iter().find(|a| !a.ok);
    let line_right = turn
        .attempts
        .iter()
        .find(|a| a.ok)
        .expect("a winning second move");
    // a "what happens?" puzzle: a wrong answer, then the right one
    let what = site_model
        .puzzles
        .iter()
        .find(|p| p.goal == Goal::WhatHappens)
        .expect("a what-happens puzzle");
    let what_right = what.choices.iter().position(|c| c.right).unwrap();
    let what_wrong = what.choices.iter().position(|c| !c.right).unwrap();
    let work = tempfile::tempdir().unwrap();
    let cases = serde_json::json!({
        "first": {"id": first.id, "wrong": mv(&wrong.notation), "right": mv(&first.solution), "empty_pit": empty_pit,
                  "line": {"step": step, "wrong": line_wrong.map(|a| mv(&a.notation)), "right": mv(&line_right.notation)}},
        "what": {"id": what.id, "wrong": what_wrong, "right": what_right},
        "second": {"id": second.id, "right": mv(&second.solution)},
    });
    let (json, report) = if from_disk {
        on_the_rulebook_from_disk("puzzle.mjs", work.path(), cases)
    } else {
        on_the_rulebook("puzzle.mjs", work.path(), Some(cases))
    };

    let side = first.doc.position.to_move;
    let letter = side.letter();
    // the mover's 16 pits, each with its seeds
    let counts: Vec<String> = (1..=16u8)
        .map(|n| {
            let pit = omweso::engine::Pit::new(n).unwrap();
            let k = first.doc.position.board.get(side, pit);
            format!(
                "Play {letter}{n} ({k} seed{})",
                if k == 1 { "" } else { "s" }
            )
        })
        .collect();
    let mut targets: Vec<String> = serde_json::from_value(json["targets"].clone()).unwrap();
    targets.sort();
    let mut want = counts.clone();
    want.sort();
    assert_eq!(targets, want, "the pits offered");
    assert_eq!(
        json["empty"],
        format!("No legal move starts from {letter}{empty_pit}. Pick another pit.")
    );
    // the verifier's verdicts, word for word
    assert_eq!(
        json["wrong"]["status"],
        format!("Not this one. {letter}{}: {}.", wrong.notation, wrong.why)
    );
    assert_eq!(json["wrong"]["verdict"], "wrong");
    assert_eq!(json["wrong"]["again"], true);
    let right = first
        .attempts
        .iter()
        .find(|a| a.notation == first.solution)
        .unwrap();
    // the first move right: not solved yet; the defender's reply shown,
    // and the board after it to play on
    let opponent = side.opponent();
    assert_eq!(
        json["right"]["status"],
        format!(
            "Right! {letter}{}: {}. {} replies {}: {}.",
            right.notation,
            right.why,
            opponent.title(),
            reply.reply_with_side,
            reply.reply_text,
        )
    );
    assert_eq!(
        json["right"]["prompt"],
        format!(
            "Your move: pick a pit of {} on the board, a move that wins at once.",
            side.title()
        )
    );
    assert_eq!(json["right"]["solution_open"], false, "{report}");
    assert_eq!(json["right"]["solved"], serde_json::Value::Null, "{report}");
    assert_eq!(json["right"]["step"], step.to_string());
    assert_eq!(json["right"]["start_hidden"], true);
    assert_eq!(json["right"]["board"], true);
    assert!(
        json["right"]["reply_frames"].as_u64().unwrap() >= 1,
        "{report}"
    );
    // the pits offered on the board after the reply, with its seeds
    let mut offered: Vec<String> =
        serde_json::from_value(json["right"]["targets"].clone()).unwrap();
    offered.sort();
    let mut want: Vec<String> = (1..=16u8)
        .map(|n| {
            let pit = omweso::engine::Pit::new(n).unwrap();
            let k = turn.position.board.get(side, pit);
            format!(
                "Play {letter}{n} ({k} seed{})",
                if k == 1 { "" } else { "s" }
            )
        })
        .collect();
    want.sort();
    assert_eq!(offered, want, "the pits offered after the reply");
    if let Some(w) = line_wrong {
        assert_eq!(
            json["line_wrong"]["status"],
            format!("Not this one. {letter}{}: {}.", w.notation, w.why)
        );
        assert_eq!(json["line_wrong"]["again"], true);
        assert_eq!(json["line_wrong"]["solved"], serde_json::Value::Null);
        let parsed = omweso::engine::notation::parse_for(side, &w.notation).unwrap();
        let out =
            omweso::engine::outcome(&first.doc.variant.variant.rules, &turn.position, &parsed)
                .unwrap();
        assert_eq!(
            Some(json["line_wrong"]["after"].clone()),
            out.after.map(|a| serde_json::json!(a.board.to_grid())),
            "the board after the wrong second move"
        );
    }
    assert_eq!(
        json["line_right"]["status"],
        format!(
            "Right! {letter}{}: {}. You have played the whole line.",
            line_right.notation, line_right.why
        )
    );
    assert_eq!(json["line_right"]["solved"], "true");
    assert_eq!(json["line_right"]["solution_open"], true);
    // "what happens?": the answers offered, a wrong one refused, the right
    // one the engine's
    let offered: Vec<String> = serde_json::from_value(json["what"]["offered"].clone()).unwrap();
    assert_eq!(
        offered,
        what.choices
            .iter()
            .map(|c| c.text.clone())
            .collect::<Vec<_>>()
    );
    assert_eq!(
        json["what"]["intro"],
        format!(
            "What does {}{} do? Choose one:",
            what.doc.position.to_move.letter(),
            what.solution
        )
    );
    assert_eq!(
        json["what"]["wrong"]["status"],
        format!(
            "Not this one (\u{201c}{}\u{201d}). Choose again, or show the solution.",
            what.choices[what_wrong].text
        )
    );
    assert_eq!(json["what"]["wrong"]["disabled"], true);
    assert_eq!(json["what"]["wrong"]["solution_open"], false);
    assert_eq!(
        json["what"]["right"]["status"],
        format!("Right! {}", what.answer)
    );
    assert_eq!(json["what"]["right"]["solution_open"], true);
    // the sheets, one a rule set, each with all its puzzles and answers
    let mut per_variant: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
    for p in &site_model.puzzles {
        per_variant
            .entry(&p.variant)
            .or_insert((&p.variant_title, 0))
            .1 += 1;
    }
    let sheets = json["sheets"].as_array().unwrap();
    assert_eq!(sheets.len(), per_variant.len(), "{report}");
    for (s, (v, (title, n))) in sheets.iter().zip(&per_variant) {
        assert_eq!(s["href"], format!("sheet-{v}.html"));
        assert_eq!(s["title"], *title);
        assert_eq!(s["puzzles"], *n as u64, "{report}");
        assert_eq!(s["boards"], *n as u64, "{report}");
        assert_eq!(s["answers"], *n as u64, "{report}");
        assert_eq!(s["back"], "index.html");
        assert_eq!(s["font"], true, "{report}");
    }
    if moves_from(first, pit_of(&wrong.notation)) > 1 {
        assert!(json["choices"].as_u64().unwrap() >= 1, "{report}");
    }
    // the wrong move as the engine in the page played it
    let parsed = omweso::engine::notation::parse_for(side, &wrong.notation).unwrap();
    let out = omweso::engine::outcome(
        &first.doc.variant.variant.rules,
        &first.doc.position,
        &parsed,
    )
    .unwrap();
    assert_eq!(
        Some(json["wrong"]["after"].clone()),
        out.after.map(|a| serde_json::json!(a.board.to_grid())),
        "the board after the wrong move"
    );
    // progress: the first and the "what happens?" missed, the second
    // solved at once
    assert_eq!(json["second"]["verdict"], "right");
    // (every puzzle counts: each is answered on its page)
    let n = site_model.puzzles.len();
    assert!(site_model.puzzles.iter().all(|p| p.answerable()));
    assert!(
        json["second"]["progress"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Solved 1 of {n} · missed 2 · streak 1")),
        "{report}"
    );
    assert_eq!(json["storage"]["results"][&first.id], "failed");
    assert_eq!(json["storage"]["results"][&what.id], "failed");
    assert_eq!(json["storage"]["results"][&second.id], "solved");
    assert_eq!(json["storage"]["streak"], 1);
    assert!(
        json["again"]
            .as_str()
            .unwrap()
            .starts_with("You have solved this one before.")
    );
    let marks: Vec<(String, String)> =
        serde_json::from_value(json["index"]["marks"].clone()).unwrap();
    assert!(
        marks.contains(&(format!("{}.html", first.id), "failed".into())),
        "{report}"
    );
    assert!(
        marks.contains(&(format!("{}.html", second.id), "solved".into())),
        "{report}"
    );
    assert!(
        marks.contains(&(format!("{}.html", what.id), "failed".into())),
        "{report}"
    );
    assert!(marks.iter().all(|(h, _)| {
        [&first.id, &second.id, &what.id]
            .iter()
            .any(|id| *h == format!("{id}.html"))
    }));
    // "next unsolved": the index's first puzzle not solved
    let mut order: Vec<&Puzzle> = site_model.puzzles.iter().collect();
    order.sort_by(|a, b| (a.goal, a.difficulty, &a.id).cmp(&(b.goal, b.difficulty, &b.id)));
    let next = order.iter().find(|p| p.id != second.id).unwrap();
    assert_eq!(json["index"]["next"], format!("{}.html", next.id));
}

/// Reading comfort (tests/browser/reading.mjs): the shipped fonts set the
/// text and every heading, nothing is fetched from another host, and a
/// chapter's "On this page" is in the right margin and sticky at 1366 px,
/// above the text and scrolling away at 390 px, where no chapter scrolls
/// sideways.
#[test]
fn the_shipped_fonts_and_on_this_page_work_in_a_real_browser() {
    require_browser();
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let work = tempfile::tempdir().unwrap();
    let (json, report) = on_the_rulebook("reading.mjs", work.path(), None);
    assert_eq!(json["checks"].as_array().map(Vec::len), Some(4), "{report}");
}
