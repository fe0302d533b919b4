//! The real browser test: `omweso serve` builds and serves the bundled
//! rulebook on loopback, and headless Chromium (Debian's package, driven by
//! tests/browser/check-site.mjs through playwright-core) crawls every page
//! reachable from index.html: no console errors, no failed requests, visible
//! diagrams, a working step-through (buttons and arrow keys), search, and
//! screenshots of the-move.html in target/browser-artifacts/.
//!
//! Needs `chromium` (apt-get install chromium) and the node modules
//! (npm ci --prefix tests/browser); `.ci/run` installs both. Without them the
//! test fails, unless OMWESO_SKIP_BROWSER=1.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const FIRST_BUILD: Duration = Duration::from_secs(600);
const BROWSER_RUN: Duration = Duration::from_secs(600);

fn chromium() -> PathBuf {
    std::env::var_os("OMWESO_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// What is missing to run the browser test, with how to install it.
fn missing(repo: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if !chromium().exists() {
        out.push(format!(
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
        out.push("node not found: install it with `apt-get install -y nodejs npm`".into());
    }
    if !repo
        .join("tests/browser/node_modules/playwright-core/package.json")
        .exists()
    {
        out.push(
            "tests/browser/node_modules is missing: run `npm ci --prefix tests/browser`".into(),
        );
    }
    out
}

/// Kills the server if the test fails half-way.
struct Guard(Option<Child>);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(child) = self.0.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
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

/// GET a path until it answers (the first build runs before the first page
/// is served); returns the status line.
fn wait_ready(url: &str) -> String {
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut s = std::net::TcpStream::connect(&addr).expect("connect to the server");
    s.set_read_timeout(Some(FIRST_BUILD)).unwrap();
    use std::io::Write;
    write!(
        s,
        "GET /index.html HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    raw.lines().next().unwrap_or("").to_string()
}

#[test]
fn the_rulebook_works_in_a_real_browser() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if std::env::var("OMWESO_SKIP_BROWSER").as_deref() == Ok("1") {
        eprintln!("OMWESO_SKIP_BROWSER=1: browser test skipped");
        return;
    }
    let missing = missing(&repo);
    assert!(
        missing.is_empty(),
        "the browser test cannot run (set OMWESO_SKIP_BROWSER=1 to skip it):\n  {}",
        missing.join("\n  ")
    );
    let artifacts = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("browser-artifacts");
    for shot in ["the-move.png", "the-move-phone.png"] {
        let _ = std::fs::remove_file(artifacts.join(shot));
    }
    let work = tempfile::tempdir().unwrap();

    let mut server = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["serve", "--root"])
        .arg(&repo)
        .args(["--port", "0", "--out"])
        .arg(work.path().join("serve"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start omweso serve");
    let stdout = server.stdout.take().unwrap();
    let stderr = server.stderr.take().unwrap();
    let mut guard = Guard(Some(server));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let mut r = BufReader::new(stdout);
        let _ = r.read_line(&mut first);
        let _ = tx.send(first);
        let mut rest = String::new();
        let _ = r.read_to_string(&mut rest);
    });
    let log = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = BufReader::new(stderr).read_to_string(&mut text);
        text
    });
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("omweso serve printed no URL within 60 s");
    let url = first
        .trim()
        .strip_prefix("serving ")
        .unwrap_or_else(|| panic!("the first line is not `serving URL`: {first:?}"))
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let status = wait_ready(&url);
    assert!(status.contains(" 200 "), "index.html answered {status:?}");

    let mut node = Command::new("node")
        .arg(repo.join("tests/browser/check-site.mjs"))
        .arg(&url)
        .arg(&artifacts)
        .current_dir(repo.join("tests/browser"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start node");
    let mut out = node.stdout.take().unwrap();
    let mut err = node.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let node_status = wait_bounded(&mut node, BROWSER_RUN);
    if node_status.is_none() {
        let _ = node.kill();
        let _ = node.wait();
    }
    let report = out_t.join().unwrap();
    let node_err = err_t.join().unwrap();

    // Ctrl-C: the server stops gracefully.
    let mut server = guard.0.take().unwrap();
    let _ = Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status();
    let server_status = wait_bounded(&mut server, Duration::from_secs(20));
    if server_status.is_none() {
        let _ = server.kill();
        let _ = server.wait();
    }
    let server_log = log.join().unwrap();

    eprintln!("{report}");
    let node_status = node_status.expect("the browser run took longer than 10 minutes");
    assert!(
        node_status.success(),
        "the browser checks failed ({node_status}):\n{report}\n{node_err}\nserver log:\n{server_log}"
    );
    let json: serde_json::Value = serde_json::from_str(&report).expect("a JSON report");
    assert!(json["pages"].as_u64().unwrap() >= 5, "{report}");
    assert!(json["diagrams"].as_u64().unwrap() >= 1, "{report}");
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
