//! `omweso serve`: build a site into a private folder, serve it on
//! 127.0.0.1, watch the site folder, rebuild on change and live-reload the
//! browser.
//!
//! The build step is a parameter ([`BuildFn`]): it is given a fresh, empty
//! output folder and returns a one-line summary, or the build's located
//! diagnostics (shown as `file:line:col: message`, paths relative to the
//! site root). Every build goes into its own folder
//! (`WORK/gen-PID-N`); only a successful one is served, so a failed rebuild keeps
//! the last good output on the wire while every open page shows the errors in
//! an overlay. If the very first build fails, every page is an error page
//! until a build succeeds.
//!
//! Live reload: every HTML response gets `<script src="/__omweso/live.js">`
//! before `</body>`; the script listens to the Server-Sent Events stream at
//! `/__omweso/events`, whose events are
//! - `hello` (sent first on every connection):
//!   `{"server": ID, "build": N, "errors": [..]}`, where `N` is the number of
//!   the build being served (0: none yet) and `ID` tells this server from an
//!   earlier one (a page reconnecting after a restart or a missed rebuild
//!   reloads);
//! - `reload`: `{"build": N}` after a successful rebuild;
//! - `error`: `{"build": N, "errors": [..]}` after a failed one.

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use notify_debouncer_mini::notify::{self, EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use notify_debouncer_mini::{DebounceEventResult, Debouncer, new_debouncer_opt};
use omweso::model::{Diagnostic, Diagnostics};
use std::convert::Infallible;
use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, watch};
use tower_http::services::{ServeDir, ServeFile};

/// The build step: write the whole site into the given (fresh) folder.
/// `Ok(summary)` on success, `Err(diagnostics)` on failure.
pub type BuildFn = Arc<dyn Fn(&Path) -> Result<String, Diagnostics> + Send + Sync>;

/// What a [`StepFn`] is asked to build.
#[derive(Clone, Copy, Debug)]
pub struct BuildRequest<'a> {
    /// A fresh folder to write into.
    pub out: &'a Path,
    /// The files that changed since the last build (empty for the first).
    pub changed: &'a [PathBuf],
    /// The folder of the build being served (the last good one), if any.
    pub served: Option<&'a Path>,
}

/// What a [`StepFn`] built.
#[derive(Clone, Debug)]
pub struct Built {
    /// One line for the log.
    pub summary: String,
    /// `None`: `out` holds the whole site. `Some(base)`: `out` holds only the
    /// files that differ from `base`, a folder of an earlier build (the
    /// one served, or the one it patches) that is then served beneath it.
    pub base: Option<PathBuf>,
    /// The files (paths in the site, `/` separators) whose content changed
    /// since the build served before: only open pages among them reload.
    /// `None`: any may have, every open page reloads.
    pub pages: Option<Vec<String>>,
    /// Whether the step has more to do (pages it left for later to answer
    /// the edit sooner): if no change is waiting, it is called again at
    /// once, with no change.
    pub more: bool,
}

/// A build step told what changed, which may write a patch over an
/// earlier build rather than the whole site ([`Built::base`]).
pub type StepFn = Arc<dyn Fn(&BuildRequest) -> Result<Built, Diagnostics> + Send + Sync>;

/// A [`BuildFn`] as a [`StepFn`]: every build writes the whole site.
pub fn whole_site(build: BuildFn) -> StepFn {
    Arc::new(move |req: &BuildRequest| {
        build(req.out).map(|summary| Built {
            summary,
            base: None,
            pages: None,
            more: false,
        })
    })
}

/// The default port of `omweso serve`.
pub const DEFAULT_PORT: u16 = 1111;

/// Name of the private work folder inside the site root.
pub const WORK_DIR: &str = ".omweso-serve";

/// The file every work folder of `omweso serve` holds: a work folder given
/// with `--out` must be new, empty or hold it, so that serve never removes
/// anything from a folder it did not make. Inside it, serve removes only
/// build folders that a build wrote (they hold `omweso::site::OUTPUT_MARKER`).
pub const WORK_MARKER: &str = ".omweso-serve-work";

/// Where the live-reload script is served from; injected into every page.
pub const SCRIPT_PATH: &str = "/__omweso/live.js";
/// The Server-Sent Events stream.
pub const EVENTS_PATH: &str = "/__omweso/events";

#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The site folder: watched for changes (except the work folder,
    /// `target/`, `.git/`, `node_modules/` and `.omweso-*` folders).
    pub root: PathBuf,
    /// The port to try first; if it is taken, the OS picks a free one.
    /// 0: let the OS pick.
    pub port: u16,
    /// The private work folder holding the builds (default `ROOT/.omweso-serve`).
    pub work_dir: Option<PathBuf>,
    /// How long the watcher waits for changes to settle before rebuilding.
    pub debounce: Duration,
    /// Log builds and changes on stderr.
    pub verbose: bool,
    /// A connection must send a whole request head within this time of
    /// opening, or of the answer to its previous request, or it is closed:
    /// both the header-read and the idle timeout ([`HEADER_TIMEOUT`]).
    pub header_timeout: Duration,
    /// Connections open at once, at most ([`MAX_CONNECTIONS`]): one more
    /// closes one that has sent nothing yet, or else the one that has been
    /// quiet longest.
    pub max_connections: usize,
}

/// How long the watcher waits, by default, for changes to settle before
/// rebuilding: an editor's save (a temporary file, a rename) is over
/// within it, and an author waits no longer than needed.
pub const DEBOUNCE_MS: u64 = 25;

/// How long a connection may take to send a request head, from its opening
/// or from the answer to its previous request (the idle timeout).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections `serve` keeps open at once. A page holds one event stream
/// and a browser a few connections more, so this is far more than a
/// preview needs, and bounds the files and memory idle connections take.
pub const MAX_CONNECTIONS: usize = 512;

impl ServeOptions {
    pub fn new(root: impl Into<PathBuf>) -> ServeOptions {
        ServeOptions {
            root: root.into(),
            port: DEFAULT_PORT,
            work_dir: None,
            debounce: Duration::from_millis(DEBOUNCE_MS),
            verbose: true,
            header_timeout: HEADER_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

/// `omweso serve`: start, print `serving http://127.0.0.1:PORT/` as the
/// first line of stdout, and run until Ctrl-C.
pub fn serve(opts: ServeOptions, build: BuildFn) -> Result<(), String> {
    serve_with(opts, whole_site(build))
}

/// [`serve`] with a build step that may write patches ([`StepFn`]).
pub fn serve_with(opts: ServeOptions, step: StepFn) -> Result<(), String> {
    let server = start_inner(opts, step, true)?;
    let mut out = std::io::stdout().lock();
    // The URL is the first line of stdout (scripts and tests read it).
    let _ = writeln!(out, "serving {}", server.url());
    let _ = out.flush();
    drop(out);
    server.wait()
}

/// Start serving in the background (used by tests and by [`serve`]). The
/// first build runs at once; requests wait for it to finish.
pub fn start(opts: ServeOptions, build: BuildFn) -> Result<Server, String> {
    start_inner(opts, whole_site(build), false)
}

/// [`start`] with a build step that may write patches ([`StepFn`]).
pub fn start_with(opts: ServeOptions, step: StepFn) -> Result<Server, String> {
    start_inner(opts, step, false)
}

/// A running server; dropping it shuts it down.
pub struct Server {
    addr: SocketAddr,
    url: String,
    shutdown: Arc<Shutdown>,
    http: Option<JoinHandle<Result<(), String>>>,
    builder: Option<JoinHandle<()>>,
    work: PathBuf,
}

impl Server {
    /// `http://127.0.0.1:PORT/`
    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The private work folder holding the builds.
    pub fn work_dir(&self) -> &Path {
        &self.work
    }

    /// Stop serving: open event streams end, the watcher stops, the
    /// builds are removed.
    pub fn shutdown(mut self) -> Result<(), String> {
        self.shutdown.trigger();
        self.join()
    }

    /// Block until the server stops (Ctrl-C when started by [`serve`]).
    pub fn wait(mut self) -> Result<(), String> {
        let result = match self.http.take() {
            Some(h) => h
                .join()
                .unwrap_or_else(|_| Err("the server thread panicked".into())),
            None => Ok(()),
        };
        self.shutdown.trigger();
        let rest = self.join();
        result.and(rest)
    }

    fn join(&mut self) -> Result<(), String> {
        let mut result = Ok(());
        if let Some(h) = self.http.take() {
            result = h
                .join()
                .unwrap_or_else(|_| Err("the server thread panicked".into()));
        }
        // A build under way (a site with a costly position can take many
        // seconds) is not waited for beyond a moment: the process stops
        // within a second of Ctrl-C or SIGTERM, and the folder that build
        // was writing is removed by the next serve of the site.
        if let Some(h) = self.builder.take() {
            let deadline = self.shutdown.since() + BUILD_GRACE;
            while !h.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
            if h.is_finished() {
                let _ = h.join();
            }
        }
        remove_builds(&self.work, Builds::Own);
        result
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown.trigger();
        let _ = self.join();
    }
}

/// How long stopping waits for a build under way.
const BUILD_GRACE: Duration = Duration::from_millis(500);

/// A shutdown flag both threads and async tasks can wait on.
struct Shutdown {
    flag: AtomicBool,
    tx: watch::Sender<bool>,
    /// When it was first asked to stop: what is waited for afterwards is
    /// counted from then.
    at: std::sync::OnceLock<Instant>,
}

impl Shutdown {
    fn trigger(&self) {
        self.at.get_or_init(Instant::now);
        self.flag.store(true, Ordering::SeqCst);
        self.tx.send_replace(true);
    }
    /// The moment stopping began (now, if it has not).
    fn since(&self) -> Instant {
        *self.at.get_or_init(Instant::now)
    }
    fn is_set(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }
}

/// What is being served and the state of the last build.
#[derive(Clone, Debug, Default)]
struct Status {
    /// Number of the last good build (0: none yet) and its folder.
    good: u64,
    served: Option<PathBuf>,
    /// The folder beneath it, when it is a patch ([`Built::base`]).
    base: Option<PathBuf>,
    /// Errors of the last build, if it failed.
    errors: Option<Vec<String>>,
    /// Build attempts finished (the first request waits for one).
    attempts: u64,
}

#[derive(Clone, Debug)]
enum Note {
    Reload {
        build: u64,
        /// The pages that changed (`None`: any may have).
        pages: Option<Vec<String>>,
    },
    Error {
        build: u64,
        errors: Vec<String>,
    },
}

struct Shared {
    /// Tells this server from an earlier one on the same port (a page that
    /// reconnects to a restarted server reloads).
    instance: String,
    status: RwLock<Status>,
    attempts: watch::Sender<u64>,
    notes: broadcast::Sender<Note>,
    shutdown: Arc<Shutdown>,
}

impl Shared {
    fn status(&self) -> Status {
        self.status
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

fn start_inner(opts: ServeOptions, build: StepFn, ctrl_c: bool) -> Result<Server, String> {
    let root = opts
        .root
        .canonicalize()
        .map_err(|e| format!("{}: {e}", opts.root.display()))?;
    if !root.is_dir() {
        return Err(format!("{}: not a folder", root.display()));
    }
    let work = match &opts.work_dir {
        Some(w) => {
            let foreign = w.is_dir()
                && !w.join(WORK_MARKER).is_file()
                && std::fs::read_dir(w).is_ok_and(|mut d| d.next().is_some());
            if foreign {
                return Err(format!(
                    "{}: the folder is not empty and was not made by omweso serve (it has no \
                     {WORK_MARKER} file): choose a new or empty folder for --out",
                    w.display()
                ));
            }
            w.clone()
        }
        None => root.join(WORK_DIR),
    };
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    if !work.join(WORK_MARKER).is_file() {
        std::fs::write(
            work.join(WORK_MARKER),
            "This folder holds the builds of `omweso serve`, which removes them.\n",
        )
        .map_err(|e| format!("{}: {e}", work.display()))?;
    }
    let work = work
        .canonicalize()
        .map_err(|e| format!("{}: {e}", work.display()))?;
    remove_builds(&work, Builds::Stale);

    // The runtime comes first: the listening socket belongs to it.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .thread_name("omweso-serve")
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let listener = {
        let _runtime = rt.enter();
        bind(opts.port)?
    };
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    let url = format!("http://{addr}/");

    let (shutdown_tx, _) = watch::channel(false);
    let shutdown = Arc::new(Shutdown {
        flag: AtomicBool::new(false),
        tx: shutdown_tx,
        at: std::sync::OnceLock::new(),
    });
    let (attempts, _) = watch::channel(0u64);
    let (notes, _) = broadcast::channel(64);
    let instance = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| format!("{}-{}", d.as_nanos(), std::process::id()))
        .unwrap_or_default();
    let shared = Arc::new(Shared {
        instance,
        status: RwLock::new(Status::default()),
        attempts,
        notes,
        shutdown: shutdown.clone(),
    });

    // The watcher starts before the first build so that no change made
    // during it is lost.
    let (tx, rx) = mpsc::channel::<DebounceEventResult>();
    let config = notify_debouncer_mini::Config::default().with_timeout(opts.debounce);
    let mut debouncer = new_debouncer_opt::<_, ChangeWatcher>(config, tx)
        .map_err(|e| format!("cannot watch files: {e}"))?;
    let mut watched = Vec::new();
    watch_tree(&mut debouncer, &root, &work, &mut watched);

    let builder = {
        let shared = shared.clone();
        let (root, work, verbose) = (root.clone(), work.clone(), opts.verbose);
        std::thread::Builder::new()
            .name("omweso-serve-build".into())
            .spawn(move || {
                let mut builder = Builder {
                    build,
                    root: root.clone(),
                    shared,
                    work: work.clone(),
                    next: 1,
                    verbose,
                };
                let mut more = builder.run_once(&[]);
                while !builder.shared.shutdown.is_set() {
                    // a step with more to do goes on at once, unless a
                    // change is waiting (then that build does both)
                    let first = if more {
                        match rx.try_recv() {
                            Ok(r) => r,
                            Err(mpsc::TryRecvError::Empty) => {
                                more = builder.run_once(&[]);
                                continue;
                            }
                            Err(mpsc::TryRecvError::Disconnected) => break,
                        }
                    } else {
                        match rx.recv_timeout(Duration::from_millis(100)) {
                            Ok(r) => r,
                            Err(mpsc::RecvTimeoutError::Timeout) => continue,
                            Err(mpsc::RecvTimeoutError::Disconnected) => break,
                        }
                    };
                    // Take everything that arrived meanwhile: one rebuild.
                    let mut changed = Vec::new();
                    for result in std::iter::once(first).chain(rx.try_iter()) {
                        match result {
                            Ok(events) => changed.extend(
                                events
                                    .into_iter()
                                    .map(|e| e.path)
                                    .filter(|p| !ignored(p, &root, &work)),
                            ),
                            Err(e) => eprintln!("watch error: {e}"),
                        }
                    }
                    if changed.is_empty() {
                        continue;
                    }
                    changed.sort();
                    changed.dedup();
                    // New top-level folders get watched too.
                    watch_tree(&mut debouncer, &root, &work, &mut watched);
                    more = builder.run_once(&changed);
                }
                drop(debouncer);
            })
            .map_err(|e| format!("cannot start the build thread: {e}"))?
    };

    let limits = Limits {
        header_timeout: opts.header_timeout,
        max_connections: opts.max_connections,
    };
    let http = {
        let shared = shared.clone();
        std::thread::Builder::new()
            .name("omweso-serve-http".into())
            .spawn(move || run_http(rt, listener, shared, ctrl_c, limits))
            .map_err(|e| format!("cannot start the server thread: {e}"))?
    };

    Ok(Server {
        addr,
        url,
        shutdown,
        http: Some(http),
        builder: Some(builder),
        work,
    })
}

/// Bind 127.0.0.1:port, or a free port when that one is taken. Called
/// inside the server's runtime.
fn bind(port: u16) -> Result<tokio::net::TcpListener, String> {
    match listen(port) {
        Ok(l) => Ok(l),
        Err(e) if port != 0 && e.kind() == std::io::ErrorKind::AddrInUse => {
            let l = listen(0).map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
            if let Ok(a) = l.local_addr() {
                eprintln!("port {port} is taken; using {}", a.port());
            }
            Ok(l)
        }
        Err(e) => Err(format!("cannot listen on 127.0.0.1:{port}: {e}")),
    }
}

/// Connections the system may hold for `serve` before it accepts them (the
/// system caps it, at 4096 by default on Linux): a burst of connections
/// waits there rather than being refused and retried a second later.
const BACKLOG: u32 = 4096;

fn listen(port: u16) -> std::io::Result<tokio::net::TcpListener> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    // as std's TcpListener::bind does on Unix: a port whose last
    // connections are still closing can be listened on again
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))?;
    socket.listen(BACKLOG)
}

/// Watch the root folder itself (not recursively) and each top-level entry
/// that is not ignored (recursively), so that big ignored trees such as
/// `target/` cost no watches.
fn watch_tree(
    debouncer: &mut Debouncer<ChangeWatcher>,
    root: &Path,
    work: &Path,
    watched: &mut Vec<PathBuf>,
) {
    // A removed folder loses its watch; if it comes back it is watched anew.
    watched.retain(|p| p.exists());
    let mut add = |path: PathBuf, mode: RecursiveMode| {
        if watched.contains(&path) {
            return;
        }
        match debouncer.watcher().watch(&path, mode) {
            Ok(()) => watched.push(path),
            Err(e) => eprintln!("cannot watch {}: {e}", path.display()),
        }
    };
    add(root.to_path_buf(), RecursiveMode::NonRecursive);
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let mut dirs: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !ignored(p, root, work))
        .collect();
    dirs.sort();
    for d in dirs {
        add(d, RecursiveMode::Recursive);
    }
}

/// The platform's watcher, passing on changes only: reading a file (which
/// every build does) reports an access event that must not cause a rebuild.
/// notify-debouncer-mini forgets event kinds, so they are dropped here.
struct ChangeWatcher(RecommendedWatcher);

impl Watcher for ChangeWatcher {
    fn new<F: notify::EventHandler>(
        mut handler: F,
        config: notify::Config,
    ) -> notify::Result<Self> {
        let inner = RecommendedWatcher::new(
            move |event: notify::Result<notify::Event>| match &event {
                Ok(e) if matches!(e.kind, EventKind::Access(_)) => {}
                _ => handler.handle_event(event),
            },
            config,
        )?;
        Ok(ChangeWatcher(inner))
    }

    fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        self.0.watch(path, mode)
    }

    fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        self.0.unwatch(path)
    }

    fn configure(&mut self, option: notify::Config) -> notify::Result<bool> {
        self.0.configure(option)
    }

    fn kind() -> notify::WatcherKind {
        RecommendedWatcher::kind()
    }
}

/// Paths whose changes do not trigger a rebuild.
fn ignored(path: &Path, root: &Path, work: &Path) -> bool {
    if path.starts_with(work) {
        return true;
    }
    let Ok(rel) = path.strip_prefix(root) else {
        return true;
    };
    let mut parts = rel.components();
    if let Some(Component::Normal(first)) = rel.components().next() {
        let first = first.to_string_lossy();
        // Build output (`target/`, `public/`, the default of `omweso
        // build`) and private work folders.
        if first == "target" || first == "public" || first.starts_with(".omweso-") {
            return true;
        }
    }
    if parts.any(|c| matches!(c, Component::Normal(n) if n == ".git" || n == "node_modules")) {
        return true;
    }
    // Editors' swap and backup files.
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.starts_with(".#")
        || name == "4913"
}

struct Builder {
    build: StepFn,
    /// The site root: diagnostics are shown relative to it.
    root: PathBuf,
    shared: Arc<Shared>,
    work: PathBuf,
    next: u64,
    verbose: bool,
}

impl Builder {
    /// One build; whether the step has more to do ([`Built::more`]).
    fn run_once(&mut self, changed: &[PathBuf]) -> bool {
        let mut more = false;
        if self.verbose && !changed.is_empty() {
            let names: Vec<String> = changed
                .iter()
                .take(5)
                .map(|p| p.display().to_string())
                .collect();
            let more = changed.len().saturating_sub(names.len());
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            eprintln!("changed: {}{more}; rebuilding", names.join(", "));
        }
        // a fresh folder: one of this process's earlier builds is removed,
        // anything else of that name is passed over
        let (n, out) = loop {
            let n = self.next;
            self.next += 1;
            let out = self.work.join(format!("gen-{}-{n}", std::process::id()));
            if !out.exists() && !out.is_symlink() {
                break (n, out);
            }
            if omweso::site::is_output(&out) && std::fs::remove_dir_all(&out).is_ok() {
                break (n, out);
            }
        };
        let started = Instant::now();
        let build = self.build.clone();
        let served = self.shared.status().served;
        let request = BuildRequest {
            out: &out,
            changed,
            served: served.as_deref(),
        };
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| build(&request)))
            .unwrap_or_else(|panic| {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "unknown panic".into());
                Err(Diagnostic::new(&self.root, 0, 0, format!("the build panicked: {msg}")).into())
            });
        let ms = started.elapsed().as_millis();
        // a patch's base must be a build of this server's work folder
        let result = result.and_then(|built| match &built.base {
            Some(base) if !(base.parent() == Some(self.work.as_path()) && base.is_dir()) => {
                Err(Diagnostic::new(
                    base,
                    0,
                    0,
                    "the build wrote a patch over a folder that is not one of the builds",
                )
                .into())
            }
            _ => Ok(built),
        });
        let note = match result {
            Ok(built) if out.is_dir() => {
                if self.verbose {
                    eprintln!("build {n} ok in {ms} ms: {}", built.summary);
                }
                let (old, old_base) = {
                    let mut st = self
                        .shared
                        .status
                        .write()
                        .unwrap_or_else(|e| e.into_inner());
                    let old = st.served.replace(out.clone());
                    let old_base = std::mem::replace(&mut st.base, built.base.clone());
                    st.good = n;
                    st.errors = None;
                    (old, old_base)
                };
                // Earlier builds can go, but the base of this one, and the
                // previous one and its base, which may still be answering a
                // request.
                let keep: Vec<&Path> = [
                    Some(&out),
                    built.base.as_ref(),
                    old.as_ref(),
                    old_base.as_ref(),
                ]
                .into_iter()
                .flatten()
                .map(PathBuf::as_path)
                .collect();
                self.remove_older_than(n, &keep);
                more = built.more;
                Note::Reload {
                    build: n,
                    pages: built.pages,
                }
            }
            other => {
                let diagnostics = match other {
                    Ok(_) => vec![Diagnostic::new(
                        &out,
                        0,
                        0,
                        "the build wrote no folder here",
                    )],
                    Err(e) => e.0,
                };
                let mut errors: Vec<String> = diagnostics
                    .into_iter()
                    .map(|mut d| {
                        if let Ok(rel) = d.file.strip_prefix(&self.root) {
                            d.file = rel.to_path_buf();
                        }
                        d.to_string()
                    })
                    .collect();
                if errors.is_empty() {
                    errors.push("the build failed (no message)".into());
                }
                eprintln!("build {n} failed in {ms} ms:");
                for e in &errors {
                    eprintln!("  {e}");
                }
                let _ = std::fs::remove_dir_all(&out);
                let good = {
                    let mut st = self
                        .shared
                        .status
                        .write()
                        .unwrap_or_else(|e| e.into_inner());
                    st.errors = Some(errors.clone());
                    st.good
                };
                Note::Error {
                    build: good,
                    errors,
                }
            }
        };
        {
            let mut st = self
                .shared
                .status
                .write()
                .unwrap_or_else(|e| e.into_inner());
            st.attempts += 1;
            self.shared.attempts.send_replace(st.attempts);
        }
        let _ = self.shared.notes.send(note);
        more
    }

    /// Remove this process's builds numbered below `newest`, but those in
    /// `keep`.
    fn remove_older_than(&self, newest: u64, keep: &[&Path]) {
        let Ok(entries) = std::fs::read_dir(&self.work) else {
            return;
        };
        let me = std::process::id();
        for e in entries.flatten() {
            let p = e.path();
            if let Some((pid, n)) = build_id(&p)
                && pid == me
                && n < newest
                && !keep.contains(&p.as_path())
            {
                remove_build(&p);
            }
        }
    }
}

/// Remove a build folder, only if a build wrote it.
fn remove_build(p: &Path) {
    if p.is_dir() && !p.is_symlink() && omweso::site::is_output(p) {
        let _ = std::fs::remove_dir_all(p);
    }
}

/// A build folder's process id and number: `gen-PID-N`.
fn build_id(p: &Path) -> Option<(u32, u64)> {
    let rest = p.file_name()?.to_str()?.strip_prefix("gen-")?;
    let (pid, n) = rest.split_once('-')?;
    Some((pid.parse().ok()?, n.parse().ok()?))
}

/// The process a folder of the work folder belongs to: a build
/// (`gen-PID-N`), or what a build stopped midway left of one
/// (`.omweso-build-PID-gen-PID-N`, `.omweso-old-PID-gen-PID-N`).
fn build_pid(p: &Path) -> Option<u32> {
    if let Some((pid, _)) = build_id(p) {
        return Some(pid);
    }
    let name = p.file_name()?.to_str()?.strip_prefix(".omweso-")?;
    let rest = name
        .strip_prefix("build-")
        .or_else(|| name.strip_prefix("old-"))?;
    let (pid, gen_name) = rest.split_once('-')?;
    build_id(Path::new(gen_name))?;
    pid.parse().ok()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Builds {
    /// This process's builds (on shutdown).
    Own,
    /// Builds left by processes that are gone (on start); another
    /// `omweso serve` of the same site keeps its builds.
    Stale,
}

/// Remove build folders (`gen-PID-N`, and what a build stopped midway
/// left of one) of the work folder, nothing else.
fn remove_builds(work: &Path, which: Builds) {
    let Ok(entries) = std::fs::read_dir(work) else {
        return;
    };
    let me = std::process::id();
    for e in entries.flatten() {
        let p = e.path();
        let Some(pid) = build_pid(&p) else {
            continue;
        };
        let remove = match which {
            Builds::Own => pid == me,
            Builds::Stale => pid == me || !omweso::site::process_alive(pid),
        };
        if remove {
            remove_build(&p);
        }
    }
}

/// The HTTP server's limits, from [`ServeOptions`].
#[derive(Clone, Copy)]
struct Limits {
    header_timeout: Duration,
    max_connections: usize,
}

/// Why a request's path names no file of the build ([`site_path`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathRefusal {
    /// The path does not start with `/` (`*`, or an empty path).
    NotAbsolute,
    /// A `%` not followed by two hexadecimal digits, or escapes that
    /// decode to bytes that are not UTF-8.
    BadEscape,
    /// A `..` segment, written or escaped (`%2e%2e`, `..%2f`).
    ParentSegment,
    /// A backslash (a separator on Windows), a NUL or another control
    /// character: no file a build writes has one in its name.
    ForbiddenCharacter,
    /// A segment longer than a file name can be (255 bytes).
    TooLong,
}

impl std::fmt::Display for PathRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PathRefusal::NotAbsolute => "the path does not start with /",
            PathRefusal::BadEscape => "a % escape that is not two hexadecimal digits of UTF-8",
            PathRefusal::ParentSegment => "a .. segment",
            PathRefusal::ForbiddenCharacter => "a backslash or a control character",
            PathRefusal::TooLong => "a name longer than 255 bytes",
        })
    }
}

/// The file a request's path (the URI's path, `%` escapes undecoded) may
/// name, relative to the build's folder: its segments `%`-decoded, empty
/// and `.` segments dropped, every other segment a plain file name. So
/// the result, joined to any folder, stays inside it. A pure function:
/// `serve` refuses (404) every path it refuses, before reading anything.
///
/// ```
/// use omweso_cli::serve::{PathRefusal, site_path};
/// use std::path::Path;
/// assert_eq!(site_path("/rules/a%20b.html"), Ok(Path::new("rules/a b.html").to_path_buf()));
/// assert_eq!(site_path("/"), Ok(Path::new("").to_path_buf()));
/// assert_eq!(site_path("/%2e%2e/etc/passwd"), Err(PathRefusal::ParentSegment));
/// assert_eq!(site_path("/a%5c..%5cb"), Err(PathRefusal::ForbiddenCharacter));
/// ```
pub fn site_path(path: &str) -> Result<PathBuf, PathRefusal> {
    let rest = path.strip_prefix('/').ok_or(PathRefusal::NotAbsolute)?;
    let decoded = percent_decode(rest).ok_or(PathRefusal::BadEscape)?;
    let decoded = String::from_utf8(decoded).map_err(|_| PathRefusal::BadEscape)?;
    let mut out = PathBuf::new();
    for seg in decoded.split('/') {
        if seg.len() > 255 {
            return Err(PathRefusal::TooLong);
        }
        if seg.contains(|c: char| c == '\\' || c.is_control()) {
            return Err(PathRefusal::ForbiddenCharacter);
        }
        match seg {
            "" | "." => {}
            ".." => return Err(PathRefusal::ParentSegment),
            name => out.push(name),
        }
    }
    // On this platform every pushed segment is one plain name (no
    // separator, no prefix, no root): checked, not assumed.
    if out.components().all(|c| matches!(c, Component::Normal(_))) {
        Ok(out)
    } else {
        Err(PathRefusal::ForbiddenCharacter)
    }
}

/// `%XX` escapes decoded; `None` for a `%` without two hexadecimal digits.
fn percent_decode(s: &str) -> Option<Vec<u8>> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

/// The routes of `serve`: the live-reload script, the event stream and the
/// build's files, for loopback hosts only.
fn app(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(SCRIPT_PATH, get(live_js))
        .route(EVENTS_PATH, get(events))
        .fallback(files)
        .layer(axum::middleware::from_fn(loopback_host_only))
        .with_state(shared)
}

/// Answer one connection without a socket, as `serve` answers it when the
/// build being served is the folder `dir`: `input` is every byte the client
/// sends (any bytes: one request, several, or none that parse) before
/// closing its side; the result is every byte the server writes back. The
/// same routes, HTTP parser and header-read timeout as `serve` (with
/// half-closed connections answered, and the event stream ending after its
/// greeting, as when the server stops). For the fuzz target `serve` and
/// tests of request handling. An error when the answer has not ended
/// within `limit`.
pub fn answer_connection(dir: &Path, input: &[u8], limit: Duration) -> Result<Vec<u8>, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let (stop, _) = watch::channel(false);
    let shutdown = Arc::new(Shutdown {
        flag: AtomicBool::new(false),
        tx: stop,
        at: std::sync::OnceLock::new(),
    });
    // Stopped from the start: an event stream says hello and ends.
    shutdown.trigger();
    let (attempts, _) = watch::channel(1u64);
    let shared = Arc::new(Shared {
        instance: "answer_connection".into(),
        status: RwLock::new(Status {
            good: 1,
            served: Some(dir.to_path_buf()),
            base: None,
            errors: None,
            attempts: 1,
        }),
        attempts,
        notes: broadcast::channel(1).0,
        shutdown,
    });
    let service = hyper_util::service::TowerToHyperService::new(app(shared));
    rt.block_on(async move {
        let (client, server) = tokio::io::duplex(64 * 1024);
        let (mut from_server, mut to_server) = tokio::io::split(client);
        let serving = async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .half_close(true);
            // An error is an answer too (a request that does not parse,
            // a connection closed midway): what was written is the result.
            let _ = http
                .serve_connection(hyper_util::rt::TokioIo::new(server), service)
                .await;
        };
        let sending = async move {
            let _ = to_server.write_all(input).await;
            let _ = to_server.shutdown().await;
        };
        let receiving = async move {
            let mut out = Vec::new();
            let _ = from_server.read_to_end(&mut out).await;
            out
        };
        let all = async {
            let ((), (), out) = tokio::join!(serving, sending, receiving);
            out
        };
        tokio::time::timeout(limit, all)
            .await
            .map_err(|_| format!("no answer within {limit:?}"))
    })
}

fn run_http(
    rt: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    shared: Arc<Shared>,
    ctrl_c: bool,
    limits: Limits,
) -> Result<(), String> {
    let result = rt.block_on(async move {
        let app = app(shared.clone());
        let mut stop = shared.shutdown.tx.subscribe();
        let shutdown = shared.shutdown.clone();
        let signal = async move {
            let stopped = async {
                while !*stop.borrow_and_update() {
                    if stop.changed().await.is_err() {
                        break;
                    }
                }
            };
            if ctrl_c {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => eprintln!("\nstopping"),
                    _ = terminate() => eprintln!("terminated: stopping"),
                    _ = stopped => {}
                }
            } else {
                stopped.await;
            }
            // Ends the open event streams and asks every connection to
            // close once its answer is sent.
            shutdown.trigger();
        };
        let conns = Arc::new(Connections::default());
        tokio::select! {
            () = signal => {}
            () = accept_loop(listener, app, &shared, &conns, limits) => {}
        }
        // Connections answering a request get a moment to finish it.
        let deadline = Instant::now() + DRAIN;
        while conns.len() > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        Ok(())
    });
    // Do not wait for stray blocking tasks (a file being read).
    rt.shutdown_timeout(Duration::from_millis(100));
    result
}

/// How long stopping waits for connections to finish their answers.
const DRAIN: Duration = Duration::from_millis(300);

/// Accept connections until the server stops, each served on its own task
/// with the header-read timeout; beyond the cap, one connection is closed
/// for each new one ([`Connections::close_quietest`]). When the process is
/// out of file descriptors, a connection is closed the same way and the
/// accept tried again 5 ms later (not a second later, as `axum::serve`
/// does), so a new request is not kept waiting.
async fn accept_loop(
    listener: tokio::net::TcpListener,
    app: Router,
    shared: &Arc<Shared>,
    conns: &Arc<Connections>,
    limits: Limits,
) {
    let epoch = Instant::now();
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // EMFILE, ENFILE, ENOBUFS, ENOMEM: make room; anything else
                // (a connection reset before it was accepted) concerns
                // that connection only.
                if !matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::ConnectionRefused
                        | std::io::ErrorKind::Interrupted
                        | std::io::ErrorKind::WouldBlock
                ) {
                    conns.close_quietest();
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        while conns.len() >= limits.max_connections.max(1) {
            if !conns.close_quietest() {
                break;
            }
        }
        let conn = conns.open(epoch);
        let io = hyper_util::rt::TokioIo::new(Tracked {
            io: stream,
            conn: conn.clone(),
            epoch,
        });
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let mut stop = shared.shutdown.tx.subscribe();
        let conns = conns.clone();
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let served = http.serve_connection(io, service);
            tokio::pin!(served);
            let mut stopping = false;
            loop {
                tokio::select! {
                    _ = served.as_mut() => break,
                    // closed to make room: dropped at once
                    () = conn.close.notified() => break,
                    changed = stop.changed(), if !stopping => {
                        if changed.is_err() || *stop.borrow_and_update() {
                            served.as_mut().graceful_shutdown();
                            stopping = true;
                        }
                    }
                }
            }
            conns.remove(conn.id);
        });
    }
}

/// The open connections: for the cap, and for stopping.
#[derive(Default)]
struct Connections {
    open: std::sync::Mutex<std::collections::HashMap<u64, Arc<Connection>>>,
    next: std::sync::atomic::AtomicU64,
}

struct Connection {
    id: u64,
    /// Whether it has sent a byte yet.
    spoke: AtomicBool,
    /// When it last read or wrote a byte (milliseconds since the server
    /// started).
    last: std::sync::atomic::AtomicU64,
    /// Told when it must close at once.
    close: tokio::sync::Notify,
}

impl Connections {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<u64, Arc<Connection>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn len(&self) -> usize {
        self.lock().len()
    }

    fn open(&self, epoch: Instant) -> Arc<Connection> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Connection {
            id,
            spoke: AtomicBool::new(false),
            last: std::sync::atomic::AtomicU64::new(since(epoch)),
            close: tokio::sync::Notify::new(),
        });
        self.lock().insert(id, conn.clone());
        conn
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Close a connection that has sent nothing yet, the oldest first, or
    /// else the one that has read and written nothing for the longest
    /// time; so a flood of connections that send nothing closes its own
    /// first, not a page's event stream or a browser's kept-alive
    /// connection. False if none is open.
    fn close_quietest(&self) -> bool {
        let mut open = self.lock();
        let quietest = open
            .values()
            .min_by_key(|c| {
                (
                    c.spoke.load(Ordering::Relaxed),
                    c.last.load(Ordering::Relaxed),
                    c.id,
                )
            })
            .map(|c| c.id);
        match quietest.and_then(|id| open.remove(&id)) {
            Some(c) => {
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

fn since(epoch: Instant) -> u64 {
    u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// A connection's socket, noting when it last read or wrote.
struct Tracked {
    io: tokio::net::TcpStream,
    conn: Arc<Connection>,
    epoch: Instant,
}

impl Tracked {
    fn touch(&self) {
        self.conn.last.store(since(self.epoch), Ordering::Relaxed);
    }
}

impl tokio::io::AsyncRead for Tracked {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let res = std::pin::Pin::new(&mut self.io).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.conn.spoke.store(true, Ordering::Relaxed);
            self.touch();
        }
        res
    }
}

impl tokio::io::AsyncWrite for Tracked {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        data: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let res = std::pin::Pin::new(&mut self.io).poll_write(cx, data);
        if matches!(res, std::task::Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        res
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let res = std::pin::Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        if matches!(res, std::task::Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        res
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Whether a `Host` header names this machine's loopback: `localhost`,
/// `127.0.0.1` or `[::1]`, with any port. A page of another site that a
/// DNS-rebinding attack points at 127.0.0.1 sends its own host name, and is
/// refused.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses requests whose `Host` is not the loopback (see
/// [`is_loopback_host`]); a request without one (HTTP/1.0) is served.
async fn loopback_host_only(req: Request, next: axum::middleware::Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or(""));
    match host {
        Some(h) if !is_loopback_host(h) => no_store(
            (
                StatusCode::MISDIRECTED_REQUEST,
                "omweso serve answers only requests for localhost or 127.0.0.1\n",
            )
                .into_response(),
        ),
        _ => next.run(req).await,
    }
}

/// SIGTERM (e.g. `kill`, a process manager): stop as gracefully as Ctrl-C.
#[cfg(unix)]
async fn terminate() {
    match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(mut s) => {
            s.recv().await;
        }
        Err(_) => std::future::pending().await,
    }
}

#[cfg(not(unix))]
async fn terminate() {
    std::future::pending::<()>().await
}

async fn live_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        LIVE_JS,
    )
        .into_response()
}

async fn events(State(shared): State<Arc<Shared>>) -> Response {
    // Subscribe before reading the status: a build that ends in between is
    // then both in the greeting and sent again as a note (the page ignores a
    // reload for the build it already shows), never in neither.
    let notes = shared.notes.subscribe();
    let status = shared.status();
    let hello = Event::default().event("hello").data(
        serde_json::json!({
            "server": shared.instance,
            "build": status.good,
            "errors": status.errors.unwrap_or_default(),
        })
        .to_string(),
    );
    let stop = shared.shutdown.tx.subscribe();
    let stream = futures_util::stream::unfold(
        (Some(hello), notes, stop),
        |(first, mut notes, mut stop)| async move {
            if let Some(ev) = first {
                return Some((Ok::<Event, Infallible>(ev), (None, notes, stop)));
            }
            loop {
                if *stop.borrow_and_update() {
                    return None;
                }
                tokio::select! {
                    note = notes.recv() => match note {
                        Ok(note) => return Some((Ok(note_event(&note)), (None, notes, stop))),
                        Err(broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(broadcast::error::RecvError::Closed) => return None,
                    },
                    changed = stop.changed() => if changed.is_err() { return None },
                }
            }
        },
    );
    let mut res = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(10)))
        .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

fn note_event(note: &Note) -> Event {
    match note {
        Note::Reload { build, pages } => {
            let data = match pages {
                Some(pages) => serde_json::json!({ "build": build, "pages": pages }),
                None => serde_json::json!({ "build": build }),
            };
            Event::default().event("reload").data(data.to_string())
        }
        Note::Error { build, errors } => Event::default()
            .event("error")
            .data(serde_json::json!({ "build": build, "errors": errors }).to_string()),
    }
}

/// Every other path: a file of the last good build (HTML gets the
/// live-reload script), or the error page while no build has succeeded.
async fn files(State(shared): State<Arc<Shared>>, req: Request) -> Response {
    // Wait for the first build to finish (success or failure).
    let mut attempts = shared.attempts.subscribe();
    while *attempts.borrow_and_update() == 0 {
        if attempts.changed().await.is_err() {
            break;
        }
    }
    let status = shared.status();
    let Some(dir) = status.served else {
        let errors = status.errors.unwrap_or_default();
        return no_store(error_page(&errors));
    };
    let base = status.base;
    // the 404 page of the build: the patch's, or else its base's
    let page404 = match &base {
        Some(b) if !dir.join("404.html").is_file() => b.join("404.html"),
        _ => dir.join("404.html"),
    };
    let is_get = req.method() == Method::GET;
    // A path that cannot name a file of the build (`..`, a backslash, a
    // NUL, a name longer than 255 bytes, a bad `%` escape) is simply not
    // there: refused before the file system is asked (ServeDir refuses
    // `..` too; this is the check the fuzz target `serve` holds to).
    if site_path(req.uri().path()).is_err() {
        let page = std::fs::read(&page404).unwrap_or_default();
        return no_store(
            (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                page,
            )
                .into_response(),
        );
    }
    // A page is served whole, the live-reload script in it: a range of it
    // would be a range of another text. A ranged request is kept without
    // its range, in case the answer is a page.
    let whole = req.headers().contains_key(header::RANGE).then(|| {
        let mut whole = Request::builder().method(req.method()).uri(req.uri());
        for (name, value) in req.headers() {
            if name != header::RANGE && name != header::IF_RANGE {
                whole = whole.header(name, value);
            }
        }
        whole
    });
    let mut res = match from_build(&dir, base.as_deref(), &page404, req).await {
        Ok(res) => res.map(Body::new),
        Err(e) => {
            return unreadable(e);
        }
    };
    let is_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if let Some(whole) = whole.filter(|_| is_get && is_html) {
        let Ok(whole) = whole.body(Body::empty()) else {
            return no_store(StatusCode::BAD_REQUEST.into_response());
        };
        res = match from_build(&dir, base.as_deref(), &page404, whole).await {
            Ok(res) => res.map(Body::new),
            Err(e) => {
                return unreadable(e);
            }
        };
    }
    if !(is_get && is_html) {
        return no_store(res);
    }
    let (mut parts, body) = res.into_parts();
    let bytes = match axum::body::to_bytes(body, 64 * 1024 * 1024).await {
        Ok(b) => b,
        Err(e) => {
            return unreadable(e);
        }
    };
    let html = inject_script(&String::from_utf8_lossy(&bytes));
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::ACCEPT_RANGES);
    no_store(Response::from_parts(parts, Body::from(html)))
}

/// A file of the build in `dir`, or of its `base` when `dir` is a patch
/// over it (the patch's files first); `page404` when neither has it.
async fn from_build(
    dir: &Path,
    base: Option<&Path>,
    page404: &Path,
    req: Request,
) -> Result<Response, std::io::Error> {
    let not_found = ServeFile::new(page404);
    match base {
        None => ServeDir::new(dir)
            .append_index_html_on_directories(true)
            .not_found_service(not_found)
            .try_call(req)
            .await
            .map(|r| r.map(Body::new)),
        Some(base) => {
            let beneath = ServeDir::new(base)
                .append_index_html_on_directories(true)
                .not_found_service(not_found);
            ServeDir::new(dir)
                .append_index_html_on_directories(true)
                .fallback(beneath)
                .try_call(req)
                .await
                .map(|r| r.map(Body::new))
        }
    }
}

/// A file of the build that could not be read.
fn unreadable(e: impl std::fmt::Display) -> Response {
    no_store(
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot read the file: {e}"),
        )
            .into_response(),
    )
}

fn no_store(mut res: Response) -> Response {
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// The tag injected into every HTML page.
pub fn script_tag() -> String {
    format!("<script src=\"{SCRIPT_PATH}\" defer></script>")
}

/// Insert the live-reload script before the last `</body>` (any case), or
/// at the end when the page has none.
pub fn inject_script(html: &str) -> String {
    let tag = script_tag();
    let lower = html.to_ascii_lowercase();
    match lower.rfind("</body>") {
        Some(i) => format!("{}{}{}", &html[..i], tag, &html[i..]),
        None => format!("{html}{tag}"),
    }
}

/// The page shown for every path while no build has succeeded.
fn error_page(errors: &[String]) -> Response {
    let mut items = String::new();
    for e in errors {
        items.push_str("<li>");
        items.push_str(&omweso::diagram::escape(e));
        items.push_str("</li>\n");
    }
    let html = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Build failed</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n\
         <style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#222;background:#fff}}\
         h1{{color:#a00}}li{{font-family:ui-monospace,monospace;white-space:pre-wrap;margin:.3rem 0}}</style>\n\
         </head>\n<body>\n<main>\n<h1>Build failed</h1>\n\
         <p>omweso serve could not build the site. Fix these errors; the page reloads on its own.</p>\n\
         <ol class=\"omweso-build-errors\">\n{items}</ol>\n</main>\n{}\n</body>\n</html>\n",
        script_tag()
    );
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}

/// The live-reload client: reloads on a new build, shows build errors in an
/// overlay (text only, never HTML from the server).
const LIVE_JS: &str = r#"(function () {
  "use strict";
  if (!window.EventSource) return;
  var known = null;
  var server = null;
  // What the stream said, oldest first: for someone debugging a reload.
  var seen = window.omwesoServeEvents = [];
  // The page served while no build has succeeded lists the errors itself.
  var errorPage = !!document.querySelector("ol.omweso-build-errors");
  var box = null;
  function hide() {
    if (box) { box.remove(); box = null; }
  }
  function show(errors) {
    hide();
    box = document.createElement("div");
    box.id = "omweso-serve-overlay";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
      "background:rgba(24,4,4,.96);color:#fff;font:14px/1.5 ui-monospace,monospace;padding:2rem";
    var h = document.createElement("h2");
    h.textContent = "Build failed: the last good build is shown until this is fixed";
    h.style.cssText = "margin:0 0 1rem;font:bold 18px system-ui,sans-serif;color:#ff9a9a";
    box.appendChild(h);
    var list = document.createElement("ol");
    errors.forEach(function (e) {
      var li = document.createElement("li");
      li.textContent = e;
      li.style.cssText = "white-space:pre-wrap;margin:.25rem 0";
      list.appendChild(li);
    });
    box.appendChild(list);
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    close.addEventListener("click", hide);
    box.appendChild(close);
    (document.body || document.documentElement).appendChild(box);
  }
  function data(ev) {
    try { return JSON.parse(ev.data); } catch (e) { return {}; }
  }
  var source = new EventSource("/__omweso/events");
  source.addEventListener("hello", function (ev) {
    var d = data(ev);
    seen.push("hello " + d.build + (d.errors && d.errors.length ? " with errors" : ""));
    if (known !== null && (d.build !== known || d.server !== server)) { location.reload(); return; }
    known = d.build;
    server = d.server;
    if (errorPage) { if (!d.errors || !d.errors.length) location.reload(); return; }
    if (d.errors && d.errors.length) show(d.errors); else hide();
  });
  // This page's file in the build, as a reload's `pages` name it.
  function here() {
    var p;
    try { p = decodeURIComponent(location.pathname); } catch (e) { return null; }
    p = p.replace(/^\/+/, "");
    if (p === "" || p.charAt(p.length - 1) === "/") p += "index.html";
    return p;
  }
  source.addEventListener("reload", function (ev) {
    var d = data(ev);
    seen.push("reload " + d.build);
    // Already showing that build (it ended while this stream connected).
    if (d.build === known && !box) return;
    // A rebuild that did not change this page (an error shown is cleared
    // by a reload all the same).
    if (d.pages && !box && errorPage === false && d.pages.indexOf(here()) < 0) {
      known = d.build;
      seen.push("unchanged " + d.build);
      return;
    }
    location.reload();
  });
  source.addEventListener("error", function (ev) {
    if (!ev.data) { seen.push("disconnected"); return; } // EventSource reconnects by itself
    var d = data(ev);
    seen.push("error " + d.build);
    if (errorPage) { location.reload(); return; }
    if (d.errors) show(d.errors);
  });
  window.addEventListener("pagehide", function () { source.close(); });
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_goes_before_the_last_body_end() {
        let html = "<html><body><p>x</p></BODY></html>";
        let out = inject_script(html);
        assert_eq!(
            out,
            format!("<html><body><p>x</p>{}</BODY></html>", script_tag())
        );
        assert_eq!(inject_script("plain"), format!("plain{}", script_tag()));
    }

    #[test]
    fn ignored_paths() {
        let root = Path::new("/site");
        let work = Path::new("/site/.omweso-serve");
        assert!(ignored(
            Path::new("/site/.omweso-serve/gen-1/a.html"),
            root,
            work
        ));
        assert!(ignored(Path::new("/site/target/debug/x"), root, work));
        assert!(ignored(Path::new("/site/public/index.html"), root, work));
        assert!(ignored(Path::new("/site/.git/index"), root, work));
        assert!(ignored(
            Path::new("/site/tests/browser/node_modules/a.js"),
            root,
            work
        ));
        assert!(ignored(Path::new("/site/.omweso-build-tmp/x"), root, work));
        assert!(ignored(
            Path::new("/site/content/.the-move.md.swp"),
            root,
            work
        ));
        assert!(ignored(Path::new("/elsewhere/x"), root, work));
        assert!(!ignored(Path::new("/site/content/the-move.md"), root, work));
        assert!(!ignored(Path::new("/site/omweso.yaml"), root, work));
        assert!(!ignored(
            Path::new("/site/templates/target.html"),
            root,
            work
        ));
    }

    #[test]
    fn build_folders_are_named_by_process_and_number() {
        assert_eq!(build_id(Path::new("/w/gen-42-7")), Some((42, 7)));
        assert_eq!(build_id(Path::new("/w/gen-7")), None);
        assert_eq!(build_id(Path::new("/w/.omweso-build-1-gen-2-3")), None);
        assert_eq!(build_pid(Path::new("/w/.omweso-build-1-gen-1-3")), Some(1));
        assert_eq!(build_pid(Path::new("/w/.omweso-old-7-gen-7-12")), Some(7));
        assert_eq!(build_pid(Path::new("/w/gen-42-7")), Some(42));
        assert_eq!(build_pid(Path::new("/w/.omweso-build-1-public")), None);
        assert_eq!(build_pid(Path::new("/w/gen-7")), None);
        assert!(omweso::site::process_alive(std::process::id()));
    }

    #[test]
    fn site_paths_stay_inside_the_build() {
        let ok = |p: &str, want: &str| assert_eq!(site_path(p), Ok(PathBuf::from(want)), "{p}");
        ok("/", "");
        ok("/index.html", "index.html");
        ok("/rules//./a%20b.html", "rules/a b.html");
        ok("/%C3%A9t%C3%A9/", "\u{e9}t\u{e9}");
        ok("/a..b/...", "a..b/...");
        let refused = |p: &str, why: PathRefusal| assert_eq!(site_path(p), Err(why), "{p}");
        for p in [
            "/..",
            "/../secret",
            "/a/../../secret",
            "/%2e%2e/secret",
            "/%2E%2e/secret",
            "/.%2e/secret",
            "/a/..%2f..%2fsecret",
            "/a%2f%2e%2e%2f%2e%2e%2fsecret",
        ] {
            refused(p, PathRefusal::ParentSegment);
        }
        for p in [
            "/..\\secret",
            "/%2e%2e%5csecret",
            "/a\\..\\..\\secret",
            "/index.html%00.png",
            "/a%0a",
            "/a%7f",
        ] {
            refused(p, PathRefusal::ForbiddenCharacter);
        }
        // Absolute paths: `//etc/passwd` and an escaped `/` are empty
        // segments, dropped, so they name a file inside the build.
        ok("//etc/passwd", "etc/passwd");
        ok("/%2fetc%2fpasswd", "etc/passwd");
        refused("etc/passwd", PathRefusal::NotAbsolute);
        refused("*", PathRefusal::NotAbsolute);
        refused("", PathRefusal::NotAbsolute);
        refused("/a%", PathRefusal::BadEscape);
        refused("/a%2", PathRefusal::BadEscape);
        refused("/a%zz", PathRefusal::BadEscape);
        refused("/a%ff", PathRefusal::BadEscape);
        refused("/a%C3%28", PathRefusal::BadEscape);
        refused(&format!("/{}", "x".repeat(256)), PathRefusal::TooLong);
        ok(&format!("/{}", "x".repeat(255)), &"x".repeat(255));
    }

    /// A build folder beside files it must never give out.
    fn build_beside_secrets() -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        std::fs::create_dir_all(dir.join("rules")).unwrap();
        std::fs::write(dir.join("index.html"), "<body>home</body>").unwrap();
        std::fs::write(dir.join("404.html"), "<body>not here</body>").unwrap();
        std::fs::write(dir.join("rules/a b.html"), "<body>rules</body>").unwrap();
        std::fs::write(tmp.path().join("secret"), "SECRET-OUTSIDE").unwrap();
        std::fs::create_dir(tmp.path().join("site-x")).unwrap();
        std::fs::write(tmp.path().join("site-x/secret"), "SECRET-OUTSIDE").unwrap();
        (tmp, dir)
    }

    fn get(dir: &Path, target: &str) -> String {
        let req = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        let out = answer_connection(dir, req.as_bytes(), Duration::from_secs(10)).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn requests_never_read_outside_the_build() {
        let (_tmp, dir) = build_beside_secrets();
        let home = get(&dir, "/");
        assert!(home.starts_with("HTTP/1.1 200 OK\r\n"), "{home}");
        assert!(
            home.contains("home") && home.contains(SCRIPT_PATH),
            "{home}"
        );
        assert!(get(&dir, "/rules/a%20b.html").contains("rules"));
        let secret = dir.parent().unwrap().join("secret");
        for target in [
            "/../secret",
            "/%2e%2e/secret",
            "/%2E%2E%2Fsecret",
            "/rules/..%2f..%2fsecret",
            "/..%5csecret",
            "/../site-x/secret",
            "/%2e%2e/site-x/secret",
            "/secret%00",
            "//secret",
            &format!("/{}", secret.display()),
            &format!("http://127.0.0.1{}", secret.display()),
            "http://127.0.0.1/../secret",
        ] {
            let answer = get(&dir, target);
            assert!(!answer.contains("SECRET-OUTSIDE"), "{target}: {answer}");
            assert!(answer.starts_with("HTTP/1.1 4"), "{target}: {answer}");
        }
        // Garbage, a half request and nothing at all end too.
        for input in [&b"\0\0\xff GET"[..], b"GET / HTTP/1.1\r\nHost: 127", b""] {
            let out = answer_connection(&dir, input, Duration::from_secs(10)).unwrap();
            assert!(!String::from_utf8_lossy(&out).contains("SECRET"));
        }
    }

    #[test]
    fn error_page_escapes_messages() {
        let res = error_page(&["a.md:1:2: <script>alert(1)</script>".into()]);
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            omweso::diagram::escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
