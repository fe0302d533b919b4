//! `omweso serve` over real loopback HTTP: pages get the live-reload script,
//! a change to a watched file sends `reload`, a failing build sends `error`
//! while the last good output stays served, a first build that fails shows
//! the errors on every page, and a taken port falls back to a free one.
//!
//! The build step is a closure writing files, so these tests do not depend
//! on the site generator. Every wait is bounded.

mod common;

use common::init_site;
use omweso::model::{Diagnostic, Diagnostics};
use omweso_cli::serve::{self, BuildFn, ServeOptions, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);

/// A site whose build copies `page.txt` into `index.html` (a page text
/// starting with FAIL makes the build fail with a located error),
/// `content/chapter.md` into `sub/index.html`, and `templates/page.html`, if
/// there, into `template.html`.
/// An I/O error of the test build, as a diagnostic.
fn io(e: std::io::Error) -> Diagnostics {
    Diagnostic::new(Path::new("io"), 0, 0, e.to_string()).into()
}

fn site() -> (tempfile::TempDir, BuildFn, Arc<AtomicUsize>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("page.txt"), "first version").unwrap();
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/chapter.md"), "# A chapter").unwrap();
    let builds = Arc::new(AtomicUsize::new(0));
    let root = dir.path().to_path_buf();
    let counter = builds.clone();
    let build: BuildFn = Arc::new(move |out: &Path| {
        counter.fetch_add(1, Ordering::SeqCst);
        let text = std::fs::read_to_string(root.join("page.txt")).map_err(io)?;
        if let Some(rest) = text.strip_prefix("FAIL") {
            return Err(Diagnostics(vec![
                Diagnostic::new(
                    &root.join("page.txt"),
                    1,
                    1,
                    format!("the page says FAIL{rest}"),
                ),
                Diagnostic::new(&root.join("content/chapter.md"), 3, 7, "a <second> error"),
            ]));
        }
        std::fs::create_dir_all(out.join("sub")).map_err(io)?;
        // as the site's build does: serve removes only what holds the mark
        std::fs::write(out.join(omweso::site::OUTPUT_MARKER), "x").map_err(io)?;
        std::fs::write(
            out.join("index.html"),
            format!("<!doctype html><html><head><title>t</title></head><body><p>{text}</p></body></html>"),
        )
        .map_err(io)?;
        let chapter = std::fs::read_to_string(root.join("content/chapter.md")).map_err(io)?;
        std::fs::write(
            out.join("sub/index.html"),
            format!("<html><body>{chapter}</body></html>"),
        )
        .map_err(io)?;
        if let Ok(t) = std::fs::read_to_string(root.join("templates/page.html")) {
            std::fs::write(out.join("template.html"), t).map_err(io)?;
        }
        std::fs::write(out.join("404.html"), "<html><body>not here</body></html>").map_err(io)?;
        std::fs::write(out.join("style.css"), "p{color:red}").map_err(io)?;
        Ok("4 files".into())
    });
    (dir, build, builds)
}

fn options(root: &Path, port: u16) -> ServeOptions {
    let mut o = ServeOptions::new(root);
    o.port = port;
    o.debounce = Duration::from_millis(50);
    o.verbose = std::env::var_os("OMWESO_SERVE_LOG").is_some();
    o
}

struct Reply {
    status: u16,
    headers: String,
    body: String,
}

/// A minimal HTTP/1.1 GET over loopback (Connection: close).
fn get(addr: SocketAddr, path: &str) -> Reply {
    get_as(addr, path, &addr.to_string())
}

/// GET with a given `Host` header.
fn get_as(addr: SocketAddr, path: &str, host: &str) -> Reply {
    get_with(addr, path, host, "")
}

/// GET with a given `Host` header and more header lines (each ending in
/// `\r\n`).
fn get_with(addr: SocketAddr, path: &str, host: &str, more: &str) -> Reply {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\n{more}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP reply");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status code");
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    Reply {
        status,
        headers: head.to_string(),
        body,
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// An open Server-Sent Events stream.
struct Events {
    stream: TcpStream,
    /// Not consumed yet.
    seen: String,
    /// Everything read, headers included.
    all: String,
}

impl Events {
    /// Connect; returns the stream and the data of its first (`hello`) event.
    fn open(addr: SocketAddr) -> (Events, serde_json::Value) {
        let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        write!(
            stream,
            "GET {} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n",
            serve::EVENTS_PATH
        )
        .unwrap();
        let mut ev = Events {
            stream,
            seen: String::new(),
            all: String::new(),
        };
        let hello = ev
            .wait_for("event: hello")
            .expect("a hello event on connect");
        assert!(ev.all.starts_with("HTTP/1.1 200 OK"), "{}", ev.all);
        assert!(
            ev.all
                .to_ascii_lowercase()
                .contains("content-type: text/event-stream"),
            "{}",
            ev.all
        );
        (ev, serde_json::from_str(&hello).expect("JSON data"))
    }

    /// Read until `needle` shows up after what was already consumed; returns
    /// the event's data line. Bounded by WAIT.
    fn wait_for(&mut self, needle: &str) -> Option<String> {
        let deadline = Instant::now() + WAIT;
        let mut buf = [0u8; 4096];
        loop {
            if let Some(i) = self.seen.find(needle) {
                let after = &self.seen[i + needle.len()..];
                if let Some(end) = after.find("\n\n") {
                    let event = after[..end].to_string();
                    self.seen = after[end + 2..].to_string();
                    let data = event
                        .lines()
                        .find_map(|l| l.strip_prefix("data: "))
                        .unwrap_or("")
                        .to_string();
                    return Some(data);
                }
            }
            if Instant::now() > deadline {
                return None;
            }
            match self.stream.read(&mut buf) {
                Ok(0) => return None,
                Ok(n) => {
                    let text = String::from_utf8_lossy(&buf[..n]);
                    self.seen.push_str(&text);
                    self.all.push_str(&text);
                }
                Err(e)
                    if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(e) => panic!("event stream: {e}"),
            }
        }
    }
}

/// Replace a file at once, as careful editors do (write a backup-named
/// file, which the watcher ignores, then rename it over the file), so no
/// build sees it half written.
fn write_atomic(path: &Path, text: &str) {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push("~");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// Appends [`ADDED`] to the site's first chapter, as an author saving it
/// would; returns the chapter's path.
fn add_a_sentence(site: &Path) -> std::path::PathBuf {
    let chapter = std::fs::read_dir(site.join("content"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "md"))
        .expect("a chapter");
    let mut text = std::fs::read_to_string(&chapter).unwrap();
    text.push_str(&format!("\n{ADDED}\n"));
    write_atomic(&chapter, &text);
    chapter
}

/// The sentence [`add_a_sentence`] adds.
const ADDED: &str = "A sentence added while serving.";

/// GET `path` until its body contains `needle` (a write can be seen half
/// done by a build, then the next build fixes it), bounded by WAIT.
fn page_with(addr: SocketAddr, path: &str, needle: &str) -> Reply {
    let deadline = Instant::now() + WAIT;
    loop {
        let page = get(addr, path);
        if page.body.contains(needle) {
            return page;
        }
        assert!(
            Instant::now() < deadline,
            "{path} never showed {needle:?}: {}",
            page.body
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn start(root: &Path, build: BuildFn) -> Server {
    serve::start(options(root, 0), build).unwrap()
}

/// Wait until `cond` holds, bounded by WAIT.
fn eventually(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn pages_are_served_with_the_live_reload_script() {
    let (dir, build, _) = site();
    let server = start(dir.path(), build);
    assert!(
        server.url().starts_with("http://127.0.0.1:"),
        "{}",
        server.url()
    );
    let addr = server.addr();

    let page = get(addr, "/");
    assert_eq!(page.status, 200, "{}", page.headers);
    assert!(page.body.contains("<p>first version</p>"), "{}", page.body);
    let tag = serve::script_tag();
    assert!(
        page.body.contains(&format!("{tag}</body>")),
        "script not injected before </body>: {}",
        page.body
    );
    assert!(
        page.headers
            .to_ascii_lowercase()
            .contains("cache-control: no-store")
    );

    let script = get(addr, serve::SCRIPT_PATH);
    assert_eq!(script.status, 200);
    assert!(
        script.headers.contains("text/javascript"),
        "{}",
        script.headers
    );
    assert!(script.body.contains("EventSource"), "{}", script.body);

    let css = get(addr, "/style.css");
    assert_eq!(css.status, 200);
    assert_eq!(css.body, "p{color:red}");
    assert!(css.headers.contains("text/css"), "{}", css.headers);

    let sub = get(addr, "/sub/");
    assert_eq!(sub.status, 200);
    assert!(sub.body.contains(&tag), "{}", sub.body);

    let missing = get(addr, "/nope.html");
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("not here"), "{}", missing.body);
    assert!(missing.body.contains(&tag), "{}", missing.body);

    let outside = get(addr, "/../page.txt");
    assert_ne!(outside.status, 200, "{}", outside.body);
    server.shutdown().unwrap();
}

#[test]
fn a_change_rebuilds_and_sends_reload_and_failures_send_errors() {
    let (dir, build, builds) = site();
    let server = start(dir.path(), build);
    let addr = server.addr();
    assert!(get(addr, "/").body.contains("first version"));

    let (mut events, hello) = Events::open(addr);
    assert_eq!(hello["build"], 1, "{hello}");
    assert!(
        hello["server"].as_str().is_some_and(|s| !s.is_empty()),
        "{hello}"
    );
    assert_eq!(hello["errors"].as_array().unwrap().len(), 0, "{hello}");
    write_atomic(&dir.path().join("page.txt"), "second version");
    let data = events.wait_for("event: reload").expect("a reload event");
    assert!(data.contains("\"build\""), "{data}");
    page_with(addr, "/", "second version");

    // A change in a sub-folder is watched too.
    let before = builds.load(Ordering::SeqCst);
    write_atomic(&dir.path().join("content/chapter.md"), "# Changed");
    events.wait_for("event: reload").expect("a reload event");
    page_with(addr, "/sub/", "# Changed");
    assert!(builds.load(Ordering::SeqCst) > before);

    // A failing build: an error event with the located messages; the last
    // good output is still served.
    write_atomic(&dir.path().join("page.txt"), "FAIL now");
    let data = events.wait_for("event: error").expect("an error event");
    let json: serde_json::Value = serde_json::from_str(&data).unwrap();
    let errors = json["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "{data}");
    assert_eq!(errors[0], "page.txt:1:1: the page says FAIL now");
    assert_eq!(errors[1], "content/chapter.md:3:7: a <second> error");
    let page = page_with(addr, "/", "second version");
    assert_eq!(page.status, 200);

    // A new connection is told about the errors at once.
    let (_late, hello) = Events::open(addr);
    assert_eq!(hello["errors"].as_array().unwrap().len(), 2, "{hello}");
    assert_eq!(hello["build"], json["build"], "{hello}");

    // Fixed: reload again.
    write_atomic(&dir.path().join("page.txt"), "third version");
    events.wait_for("event: reload").expect("a reload event");
    page_with(addr, "/", "third version");
    server.shutdown().unwrap();
}

#[test]
fn a_failed_first_build_shows_errors_on_every_page() {
    let (dir, build, _) = site();
    std::fs::write(dir.path().join("page.txt"), "FAIL from the start").unwrap();
    let server = start(dir.path(), build);
    let addr = server.addr();
    // The first build failed: every page shows the errors, escaped.
    for path in ["/", "/index.html", "/anything/else.html"] {
        let page = get(addr, path);
        assert_eq!(page.status, 500, "{path}");
        assert!(page.body.contains("Build failed"), "{}", page.body);
        assert!(
            page.body
                .contains("page.txt:1:1: the page says FAIL from the start"),
            "{}",
            page.body
        );
        assert!(
            page.body.contains("a &lt;second&gt; error"),
            "{}",
            page.body
        );
        assert!(page.body.contains(&serve::script_tag()), "{}", page.body);
    }
    // A new event stream is told at once: no good build, two errors.
    let (mut events, hello) = Events::open(addr);
    assert_eq!(hello["build"], 0, "{hello}");
    assert_eq!(hello["errors"].as_array().unwrap().len(), 2, "{hello}");

    write_atomic(&dir.path().join("page.txt"), "works now");
    events.wait_for("event: reload").expect("a reload event");
    let page = page_with(addr, "/", "works now");
    assert_eq!(page.status, 200);
    server.shutdown().unwrap();
}

#[test]
fn the_output_folder_is_not_watched() {
    let (dir, build, builds) = site();
    let server = start(dir.path(), build);
    let addr = server.addr();
    assert_eq!(get(addr, "/").status, 200);
    eventually("the first build", || builds.load(Ordering::SeqCst) == 1);
    // The build wrote into ROOT/.omweso-serve; writes under target/,
    // .git/, node_modules/ and public/ are ignored too.
    assert!(
        server
            .work_dir()
            .starts_with(dir.path().canonicalize().unwrap())
    );
    for ignored in ["target/debug", ".git", "node_modules", "public"] {
        std::fs::create_dir_all(dir.path().join(ignored)).unwrap();
    }
    std::fs::write(dir.path().join("target/debug/x"), "x").unwrap();
    std::fs::write(dir.path().join(".git/index"), "x").unwrap();
    std::fs::write(dir.path().join("public/index.html"), "x").unwrap();
    std::fs::write(dir.path().join("node_modules/a.js"), "x").unwrap();
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(builds.load(Ordering::SeqCst), 1, "a rebuild was triggered");
    // A new top-level folder is picked up, and files inside it are watched.
    let (mut events, _) = Events::open(addr);
    std::fs::create_dir(dir.path().join("templates")).unwrap();
    events
        .wait_for("event: reload")
        .expect("reload for the new folder");
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(dir.path().join("templates/page.html"), "new template").unwrap();
    events
        .wait_for("event: reload")
        .expect("reload for a file in the new folder");
    page_with(addr, "/template.html", "new template");
    let work = server.work_dir().to_path_buf();
    server.shutdown().unwrap();
    // Builds are cleaned up on shutdown.
    let left: Vec<_> = std::fs::read_dir(&work)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name() != serve::WORK_MARKER)
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_taken_port_falls_back_to_a_free_one() {
    let (dir, build, _) = site();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let server = serve::start(options(dir.path(), port), build).unwrap();
    assert_ne!(server.addr().port(), port);
    assert!(server.addr().ip().is_loopback());
    assert_eq!(
        server.url(),
        format!("http://127.0.0.1:{}/", server.addr().port())
    );
    assert!(get(server.addr(), "/").body.contains("first version"));
    server.shutdown().unwrap();
}

#[test]
fn shutdown_ends_open_event_streams() {
    let (dir, build, _) = site();
    let server = start(dir.path(), build);
    let (mut events, _) = Events::open(server.addr());
    let done = std::thread::spawn(move || server.shutdown());
    let deadline = Instant::now() + WAIT;
    let mut buf = [0u8; 1024];
    loop {
        match events.stream.read(&mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
        assert!(Instant::now() < deadline, "the event stream stayed open");
    }
    done.join().unwrap().unwrap();
}

/// The command end to end on a site made by `omweso init`: the URL is the
/// first line of stdout, pages carry the script, an edit sends `reload`, a
/// broken config sends `error` with a location relative to the site root,
/// and Ctrl-C stops it cleanly, removing its builds.
#[test]
fn the_serve_command_end_to_end() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let (dir, site) = init_site();
    let bin = env!("CARGO_BIN_EXE_omweso");
    let work = dir.path().join("work");

    // No site there: a clear error, no server.
    let none = Command::new(bin)
        .args(["serve", "--root"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!none.status.success());
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("omweso.yaml"),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );

    let mut child = Command::new(bin)
        .args(["serve", "--port", "0", "--root"])
        .arg(&site)
        .arg("--out")
        .arg(&work)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let stdout = child.stdout.take().unwrap();
    let mut child = Kill(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(WAIT).expect("a first line on stdout");
    let url = line
        .trim()
        .strip_prefix("serving http://")
        .unwrap_or_else(|| panic!("{line:?}"))
        .trim_end_matches('/')
        .to_string();
    let addr: SocketAddr = url.parse().unwrap();
    assert!(addr.ip().is_loopback());

    let page = get(addr, "/index.html");
    assert_eq!(page.status, 200);
    assert!(page.body.contains(&serve::script_tag()), "{}", page.body);
    let (mut events, hello) = Events::open(addr);
    assert_eq!(hello["build"], 1, "{hello}");

    let chapter = add_a_sentence(&site);
    events.wait_for("event: reload").expect("a reload event");
    let stem = chapter.file_stem().unwrap().to_string_lossy().into_owned();
    page_with(addr, &format!("/{stem}.html"), ADDED);

    let config = std::fs::read_to_string(site.join("omweso.yaml")).unwrap();
    write_atomic(
        &site.join("omweso.yaml"),
        &format!("{config}\nno_such_key: 1\n"),
    );
    let data = events.wait_for("event: error").expect("an error event");
    let json: serde_json::Value = serde_json::from_str(&data).unwrap();
    let first = json["errors"][0].as_str().unwrap_or_default().to_string();
    assert!(first.starts_with("omweso.yaml:"), "{data}");
    assert!(first.contains("no_such_key"), "{data}");
    // The last good build is still served.
    let page = get(addr, &format!("/{stem}.html"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains(ADDED));

    // Ctrl-C.
    let pid = child.0.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let deadline = Instant::now() + WAIT;
    let status = loop {
        if let Some(s) = child.0.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < deadline, "still running after Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    let left: Vec<_> = std::fs::read_dir(&work)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name() != serve::WORK_MARKER)
        .collect();
    assert!(left.is_empty(), "builds left behind: {left:?}");
}

#[test]
fn builds_of_gone_processes_are_removed_and_others_kept() {
    let (dir, build, _) = site();
    let work = dir.path().join("work");
    // PID 1 always runs; no process has a PID above the kernel's limit.
    let live = work.join("gen-1-3");
    let dead = work.join("gen-999999999-3");
    // named like a build of a gone process, but no build wrote it
    let unmarked = work.join("gen-2025-01");
    let other = work.join("notes");
    for d in [&live, &dead, &unmarked, &other] {
        std::fs::create_dir_all(d).unwrap();
        std::fs::write(d.join("notes.txt"), "keep").unwrap();
    }
    for d in [&live, &dead] {
        std::fs::write(d.join(omweso::site::OUTPUT_MARKER), "x").unwrap();
    }
    // a work folder an earlier serve made
    std::fs::write(work.join(serve::WORK_MARKER), "x").unwrap();
    let mut opts = options(dir.path(), 0);
    opts.work_dir = Some(work.clone());
    let server = serve::start(opts, build).unwrap();
    assert_eq!(get(server.addr(), "/").status, 200);
    assert!(!dead.exists(), "a dead process's build was kept");
    assert!(live.exists(), "a running process's build was removed");
    server.shutdown().unwrap();
    assert!(live.exists() && other.exists());
    let mut left: Vec<String> = std::fs::read_dir(&work)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [serve::WORK_MARKER, "gen-1-3", "gen-2025-01", "notes"]
    );
    assert_eq!(read(&unmarked, "notes.txt"), "keep");
}

/// `--out` names the work folder: one that serve did not make and that
/// holds anything is refused, and nothing in it is touched.
#[test]
fn a_work_folder_serve_did_not_make_is_refused() {
    let (dir, build, builds) = site();
    let work = dir.path().join("mine");
    std::fs::create_dir_all(work.join("gen-2025-01")).unwrap();
    std::fs::write(work.join("gen-2025-01/notes.txt"), "keep").unwrap();
    let mut opts = options(dir.path(), 0);
    opts.work_dir = Some(work.clone());
    let err = serve::start(opts, build).err().expect("refused");
    assert!(err.contains("not made by omweso serve"), "{err}");
    assert_eq!(read(&work, "gen-2025-01/notes.txt"), "keep");
    assert_eq!(builds.load(Ordering::SeqCst), 0);
    // a new folder is fine, and gets the mark
    let fresh = dir.path().join("fresh");
    let mut opts = options(dir.path(), 0);
    opts.work_dir = Some(fresh.clone());
    let (_, build, _) = site();
    let server = serve::start(opts, build).unwrap();
    server.shutdown().unwrap();
    assert!(fresh.join(serve::WORK_MARKER).is_file());
}

/// Stopping does not wait for a long build (a site with a costly
/// position): the server is gone within a second.
#[test]
fn stopping_does_not_wait_for_a_long_build() {
    let dir = tempfile::tempdir().unwrap();
    let started = Arc::new(AtomicUsize::new(0));
    let seen = started.clone();
    let build: BuildFn = Arc::new(move |_out: &Path| {
        seen.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(Duration::from_secs(20));
        Ok("slow".into())
    });
    let server = serve::start(options(dir.path(), 0), build).unwrap();
    eventually("the build starts", || started.load(Ordering::SeqCst) == 1);
    let t = Instant::now();
    server.shutdown().unwrap();
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "stopping took {:?}",
        t.elapsed()
    );
}

/// A range of a page is not a range of what is served (the live-reload
/// script is in it): a page is served whole; other files keep ranges.
#[test]
fn a_page_asked_by_range_is_served_whole() {
    let (dir, build, _) = site();
    std::fs::write(dir.path().join("page.txt"), "0123456789abcdefghij").unwrap();
    let server = start(dir.path(), build);
    let addr = server.addr();
    let host = addr.to_string();
    for path in ["/", "/index.html", "/missing.png"] {
        let r = get_with(addr, path, &host, "Range: bytes=0-9\r\n");
        assert!(r.status == 200 || r.status == 404, "{path}: {}", r.headers);
        assert!(r.body.contains(serve::SCRIPT_PATH), "{path}: {}", r.body);
        assert!(r.body.trim_end().ends_with("</html>"), "{path}: {}", r.body);
    }
    server.shutdown().unwrap();
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap()
}

#[test]
fn a_folder_removed_and_made_again_is_watched_again() {
    let (dir, build, builds) = site();
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(templates.join("page.html"), "v1").unwrap();
    let server = start(dir.path(), build);
    let addr = server.addr();
    page_with(addr, "/template.html", "v1");

    std::fs::remove_dir_all(&templates).unwrap();
    let deadline = Instant::now() + WAIT;
    while get(addr, "/template.html").status != 404 {
        assert!(Instant::now() < deadline, "the removed folder still builds");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Builds start after the watches are renewed: once the count moves past
    // the folder's creation, files inside it are watched.
    std::thread::sleep(Duration::from_millis(300));
    let before = builds.load(Ordering::SeqCst);
    std::fs::create_dir(&templates).unwrap();
    eventually("a rebuild for the new folder", || {
        builds.load(Ordering::SeqCst) > before
    });
    std::fs::write(templates.join("page.html"), "v2").unwrap();
    page_with(addr, "/template.html", "v2");
    server.shutdown().unwrap();
}

/// Only requests for the loopback are answered (a DNS-rebinding page sends
/// its own host name), and a path no file system could hold is a 404, not
/// a server error.
#[test]
fn foreign_hosts_are_refused_and_overlong_paths_are_not_found() {
    let (dir, build, _) = site();
    let server = start(dir.path(), build);
    let addr = server.addr();
    let port = addr.port();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        "LOCALHOST".to_string(),
    ] {
        assert_eq!(get_as(addr, "/", &host).status, 200, "{host}");
    }
    for host in [
        "evil.example",
        "evil.example:1111",
        "127.0.0.1.evil.example",
        "localhost.evil.example:80",
    ] {
        let r = get_as(addr, "/", host);
        assert_eq!(r.status, 421, "{host}");
        assert!(r.body.contains("localhost"), "{}", r.body);
        assert_eq!(get_as(addr, serve::EVENTS_PATH, host).status, 421);
    }
    let long = format!("/{}.html", "a".repeat(300));
    assert_eq!(get(addr, &long).status, 404);
    assert_eq!(get(addr, &format!("/sub{long}")).status, 404);
    server.shutdown().unwrap();
}

/// This process's limit of open files (the soft one), from /proc; 1024
/// where it cannot be read.
fn open_files_limit() -> usize {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(1024)
}

/// Whether the server has closed this connection: reading gives the end of
/// the stream (or a reset) at once, after what it sent, if anything.
fn closed(mut s: &TcpStream) -> bool {
    s.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) => return e.kind() != std::io::ErrorKind::WouldBlock,
        }
    }
}

/// Idle connections (opened, sending nothing) neither keep a request
/// waiting nor stay open: beyond the cap those that sent nothing are
/// closed at once, the oldest first (a page's event stream is kept),
/// and every connection that sends no whole request head within the
/// header-read timeout is closed, whether it sent nothing, half a head, or
/// is waiting after an answer. (The server before the limits kept all of
/// them open for ever.)
#[test]
fn idle_connections_are_capped_and_timed_out() {
    let (dir, build, _) = site();
    let mut opts = options(dir.path(), 0);
    opts.max_connections = 100;
    opts.header_timeout = Duration::from_secs(4);
    let server = serve::start(opts, build).unwrap();
    let addr = server.addr();
    assert_eq!(get(addr, "/").status, 200);

    // a page's event stream, open before the flood
    let (events, _) = Events::open(addr);
    // the test holds its ends, the server at most the cap of the others
    let n = 2000.min(open_files_limit().saturating_sub(300));
    assert!(n > 200, "too few open files allowed: {n}");
    let opened = Instant::now();
    let idle: Vec<TcpStream> = (0..n)
        .map(|_| TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap())
        .collect();
    eprintln!("opened {n} in {:?}", opened.elapsed());
    let t = Instant::now();
    let page = get(addr, "/index.html");
    let took = t.elapsed();
    eprintln!("request took {took:?}");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("first version"), "{}", page.body);
    // 100 ms on a quiet machine; a loaded one gets some slack
    assert!(took < Duration::from_secs(1), "a request took {took:?}");
    // beyond the cap, the oldest were closed (the header timeout cannot
    // have closed them yet)
    eventually("the server closing all but the newest connections", || {
        idle.iter().filter(|s| !closed(s)).count() <= 100
    });
    assert!(
        opened.elapsed() < Duration::from_secs(4),
        "too slow to tell the cap from the timeout: {:?}",
        opened.elapsed()
    );
    // connections that sent nothing went first: the event stream, quiet
    // since its greeting, is still open
    assert!(
        !closed(&events.stream),
        "the flood closed a page's event stream"
    );

    // half a request head, and a connection waiting after its answer
    let mut half = TcpStream::connect(addr).unwrap();
    write!(half, "GET / HTTP/1.1\r\nHost: {addr}\r\n").unwrap();
    let mut kept = TcpStream::connect(addr).unwrap();
    write!(kept, "GET /style.css HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    kept.set_read_timeout(Some(WAIT)).unwrap();
    let mut buf = [0u8; 4096];
    let got = kept.read(&mut buf).unwrap();
    assert!(
        String::from_utf8_lossy(&buf[..got]).starts_with("HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&buf[..got])
    );
    std::thread::sleep(Duration::from_millis(500));
    assert!(!closed(&half), "closed before the timeout");
    assert!(!closed(&kept), "closed before the timeout");
    eventually("every idle connection closed by the timeout", || {
        closed(&half) && closed(&kept) && idle.iter().all(closed)
    });
    // and the server still answers
    assert_eq!(get(addr, "/index.html").status, 200);
    server.shutdown().unwrap();
}

/// The position of issue 13 (McGill rules): South's pit 12 goes round for
/// 1,411,989,072 laps before the engine knows it never ends, some seconds
/// of work for every build of a site holding it.
const BILLION_LAP_POSITION: &str = "\
title: A move of 1,411,989,072 laps
variant: mcgill-2015
to_move: south
board:
  - [1, 1, 0, 0, 0, 0, 0, 0]
  - [0, 0, 0, 0, 0, 0, 2, 1]
  - [18, 17, 3, 6, 4, 1, 4, 1]
  - [0, 1, 0, 1, 0, 1, 0, 2]
move: 12
";

/// `omweso serve` stops within a second of SIGTERM even while its first
/// build is deciding a never-ending move (about 8 s), and leaves nothing
/// in its work folder.
#[test]
fn sigterm_stops_serve_during_a_long_build() {
    use std::process::{Command, Stdio};
    let (dir, site) = init_site();
    let bin = env!("CARGO_BIN_EXE_omweso");
    std::fs::create_dir_all(site.join("content/positions")).unwrap();
    std::fs::write(
        site.join("content/positions/billion.yaml"),
        BILLION_LAP_POSITION,
    )
    .unwrap();
    let work = dir.path().join("work");
    let log = dir.path().join("stderr.txt");
    let mut child = Command::new(bin)
        .args(["serve", "--port", "0", "--root"])
        .arg(&site)
        .arg("--out")
        .arg(&work)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 8];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"serving ");
    // well into the build's deciding
    std::thread::sleep(Duration::from_millis(1500));
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > WAIT {
            let _ = child.kill();
            panic!("still running {WAIT:?} after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = t.elapsed();
    let stderr = std::fs::read_to_string(&log).unwrap();
    // the build was under way when the signal came: it has not ended
    assert!(!stderr.contains("build 1 "), "{stderr}");
    assert!(status.success(), "{status}: {stderr}");
    // 1 s on a quiet machine; a loaded one gets some slack
    assert!(took < Duration::from_secs(3), "stopping took {took:?}");
    let left: Vec<_> = std::fs::read_dir(&work)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n != serve::WORK_MARKER)
        .collect();
    assert!(left.is_empty(), "left in the work folder: {left:?}");
}

/// A rebuild does not decide again what an earlier build of the same
/// `serve` decided: a "what happens?" puzzle of the 1,411,989,072-lap move
/// costs its decisions in the first build only (before, 18 s in every
/// build).
#[test]
fn a_rebuild_does_not_decide_a_costly_puzzle_again() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let (dir, site) = init_site();
    let bin = env!("CARGO_BIN_EXE_omweso");
    let board = BILLION_LAP_POSITION
        .split_once("to_move:")
        .map(|(_, rest)| format!("to_move:{}", rest.split("move: 12").next().unwrap()))
        .unwrap();
    std::fs::write(
        site.join("puzzles/what-happens-billion.yaml"),
        format!(
            "id: what-happens-billion\nvariant: mcgill-2015\n{board}goal: what-happens\n\
             move: \"12\"\nexpect:\n  never_ending: true\n  result: annulled\n"
        ),
    )
    .unwrap();
    let mut child = Command::new(bin)
        .args(["serve", "--port", "0", "--root"])
        .arg(&site)
        .arg("--out")
        .arg(dir.path().join("work"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    // "build N ok in MS ms: ..."
    let mut said = Vec::new();
    let mut took = |n: u32, child: &mut std::process::Child| -> u64 {
        let prefix = format!("build {n} ");
        loop {
            let line = match rx.recv_timeout(Duration::from_secs(120)) {
                Ok(line) => line,
                // what serve said, and how it ended if it did, to tell a
                // slow machine from a server that stopped
                Err(e) => panic!(
                    "no end of build {n} ({e:?}); serve's status {:?}; it said: {said:#?}",
                    child.try_wait()
                ),
            };
            said.push(line.clone());
            if let Some(rest) = line.strip_prefix(&prefix) {
                let ms = rest
                    .strip_prefix("ok in ")
                    .unwrap_or_else(|| panic!("{line}"));
                return ms.split(' ').next().unwrap().parse().unwrap();
            }
        }
    };
    let first = took(1, &mut child);
    add_a_sentence(&site);
    let second = took(2, &mut child);
    let _ = child.kill();
    let _ = child.wait();
    // the first build decided the move (seconds): else this proves nothing
    assert!(first >= 2000, "the first build took only {first} ms");
    assert!(
        second * 5 < first,
        "build 1: {first} ms, build 2: {second} ms"
    );
}
