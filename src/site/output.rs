//! `omweso build`: load, render in parallel, and write the site atomically
//! (into a fresh folder beside the output, swapped in only on success).

use super::Layout;
use super::content::{Site, load};
use super::render::{AllPages, Page, PageSink, Placed, Progress, Renderer, Silent};
use super::templates;
use super::traces::{Decisions, Traces};
use crate::engine::quote;
use crate::model::{Diagnostic, Diagnostics, Kind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The site root (holding `omweso.yaml`).
    pub root: PathBuf,
    /// The output folder (replaced as a whole).
    pub out: PathBuf,
    /// Overrides the config's `base_url`; with one, `sitemap.xml` is written.
    pub base_url: Option<String>,
    /// Include chapters marked `draft: true`.
    pub drafts: bool,
    /// Replace a non-empty `out` folder that omweso did not write (one
    /// without [`OUTPUT_MARKER`]). The site's own folders are refused even
    /// so.
    pub force: bool,
}

/// The file every output folder of `omweso build` holds: a build replaces
/// an existing non-empty folder only when it carries this mark (or with
/// `--force`), so it never deletes what it did not write.
pub const OUTPUT_MARKER: &str = ".omweso-output";

/// What [`OUTPUT_MARKER`] says.
pub(crate) const MARKER_TEXT: &[u8] =
    b"This folder was written by `omweso build`, which replaces it as a whole.\n";

/// `path` made absolute with symbolic links resolved, also when it does not
/// exist yet (its nearest existing ancestor is resolved).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut rest = Vec::new();
    let mut cur = abs.as_path();
    loop {
        match cur.canonicalize() {
            Ok(c) => {
                let mut full = c;
                for part in rest.iter().rev() {
                    full.push(part);
                }
                return Ok(full);
            }
            Err(e) => match (cur.parent(), cur.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_os_string());
                    cur = parent;
                }
                _ => return Err(e),
            },
        }
    }
}

/// Whether `dir` is a folder an earlier build wrote (it holds
/// [`OUTPUT_MARKER`]).
pub fn is_output(dir: &Path) -> bool {
    dir.join(OUTPUT_MARKER).is_file()
}

/// Why `--force` may not replace the existing non-empty folder `o`
/// (resolved), if it may not: a home folder or one holding a home, the
/// filesystem's root, a folder holding `.git` or the current folder, or a
/// folder inside the site (`r`, resolved), where the author's own files
/// live.
fn forbidden_even_forced(r: &Path, o: &Path) -> Option<String> {
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .and_then(|h| resolve(Path::new(&h)).ok());
    if o.parent().is_none() {
        return Some("it is the filesystem's root".into());
    }
    if let Some(home) = home.filter(|h| h.starts_with(o)) {
        return Some(if home == o {
            "it is your home folder".into()
        } else {
            format!("it holds the home folder {}", home.display())
        });
    }
    if o.join(".git").exists() {
        return Some("it holds a .git folder (a repository)".into());
    }
    if let Some(cwd) = std::env::current_dir().ok().and_then(|c| resolve(&c).ok())
        && cwd.starts_with(o)
    {
        return Some("it holds the current folder".into());
    }
    if o.starts_with(r) {
        return Some(
            "it is inside the site, where your own files live (delete it by hand if it is \
             really an old output)"
                .into(),
        );
    }
    None
}

/// Whether omweso may put a build at `out`: never the site, a folder
/// holding it, or one of its source folders (or inside one); an existing
/// non-empty folder only if an earlier build wrote it (its marker) or
/// `force` is set, and even then never a home folder, the filesystem's
/// root, a folder holding `.git` or the current folder, or a folder inside
/// the site.
pub(crate) fn check_output(root: &Path, out: &Path, force: bool) -> Result<(), Diagnostic> {
    let refuse = |why: String| Err(Diagnostic::new(out, 0, 0, why));
    let (Ok(r), Ok(o)) = (resolve(root), resolve(out)) else {
        return refuse("cannot resolve the output folder's path".into());
    };
    if r.starts_with(&o) {
        return refuse(
            "the output folder would replace the site itself: choose another --out".into(),
        );
    }
    for dir in Layout::new(&r).source_folders() {
        if o.starts_with(&dir) {
            let name = dir.file_name().unwrap_or_default().to_string_lossy();
            return refuse(format!(
                "the output folder is inside the site's {name}/ folder, which the build \
                 reads: choose another --out"
            ));
        }
    }
    if out.exists() && !out.is_dir() {
        return refuse("the output path is a file: expected a folder".into());
    }
    if out.is_dir() && !is_output(out) {
        let empty = std::fs::read_dir(out)
            .map(|mut d| d.next().is_none())
            .unwrap_or(false);
        if !empty && !force {
            return refuse(format!(
                "the output folder is not empty and was not written by omweso (it has no \
                 {OUTPUT_MARKER} file); a build replaces its output folder as a whole: choose \
                 an empty or new folder, or pass --force to replace it"
            ));
        }
        if !empty && let Some(why) = forbidden_even_forced(&r, &o) {
            return refuse(format!(
                "--force will not replace this folder: {why}; choose an empty or new folder"
            ));
        }
    }
    Ok(())
}

/// What a build wrote.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// The folder the site was written to.
    pub out: PathBuf,
    /// HTML pages.
    pub pages: usize,
    /// Diagrams (figures) on those pages.
    pub diagrams: usize,
    /// Every file written (pages, assets, index, static files).
    pub files: usize,
    /// Bytes written, all files together.
    pub bytes: u64,
    /// How long the build took.
    pub elapsed: Duration,
}

impl std::fmt::Display for BuildReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "built {} pages with {} diagrams ({} files, {:.1} MB) into {} in {:.2}s",
            self.pages,
            self.diagrams,
            self.files,
            self.bytes as f64 / 1e6,
            self.out.display(),
            self.elapsed.as_secs_f64()
        )
    }
}

/// The site's static assets: (path, content).
pub(crate) fn assets() -> Vec<(&'static str, std::borrow::Cow<'static, [u8]>)> {
    // the shipped fonts first, so that the rules below can name them
    let mut css = String::from("/* Fonts shipped with the site (assets/fonts/OFL.txt) */\n");
    css.push_str(&crate::fonts::font_face_css());
    css.push_str(include_str!("assets/omweso.css"));
    css.push_str("\n/* Diagram theme (from the diagram module) */\n");
    css.push_str(&crate::diagram::stylesheet());
    css.push('\n');
    let text = |s: &'static str| std::borrow::Cow::Borrowed(s.as_bytes());
    let fonts = crate::fonts::FONT_FILES
        .iter()
        .map(|f| (f.path, std::borrow::Cow::Borrowed(f.bytes)))
        .chain([(crate::fonts::LICENCE.0, text(crate::fonts::LICENCE.1))]);
    let mut assets = vec![
        ("assets/omweso.css", css.into_bytes().into()),
        ("assets/omweso.js", text(include_str!("assets/omweso.js"))),
        (
            "assets/favicon.svg",
            text(include_str!("assets/favicon.svg")),
        ),
        // the engine in the reader's browser (crates/omweso-web)
        (
            "assets/omweso.wasm",
            std::borrow::Cow::Borrowed(include_bytes!("assets/omweso.wasm")),
        ),
        (
            "assets/omweso-engine.js",
            text(include_str!("assets/omweso-engine.js")),
        ),
        (
            "assets/omweso-worker.js",
            text(include_str!("assets/omweso-worker.js")),
        ),
        (
            "assets/omweso-inline.js",
            std::borrow::Cow::Borrowed(inline_engine().as_bytes()),
        ),
        (
            "assets/omweso-analysis.js",
            text(include_str!("assets/omweso-analysis.js")),
        ),
        (
            "assets/omweso-try.js",
            text(include_str!("assets/omweso-try.js")),
        ),
        (
            "assets/omweso-puzzle.js",
            text(include_str!("assets/omweso-puzzle.js")),
        ),
    ];
    assets.extend(fonts);
    assets
}

/// `assets/omweso-inline.js`: the engine for a site opened from disk,
/// where browsers refuse to fetch `omweso.wasm` and to start a worker from
/// a file. One classic script (which a page may load from `file://`)
/// holding the engine's glue, the worker's code and the module in base64;
/// `OmwesoEngineClient` (omweso.js) loads it only on `file://` and starts
/// the worker from a Blob URL. Built once per process.
fn inline_engine() -> &'static str {
    use base64::Engine as _;
    static INLINE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    INLINE.get_or_init(|| {
        let js = |s: &str| serde_json::to_string(s).expect("a string serialises");
        format!(
            "// The rules engine for pages opened from disk (file://): written by omweso build\n\
             // from omweso-engine.js, omweso-worker.js and omweso.wasm (base64).\n\
             window.OMWESO_INLINE = {{\n\"engine\": {},\n\"worker\": {},\n\"wasm\": \"{}\"\n}};\n",
            js(include_str!("assets/omweso-engine.js")),
            js(include_str!("assets/omweso-worker.js")),
            base64::engine::general_purpose::STANDARD.encode(include_bytes!("assets/omweso.wasm"))
        )
    })
}

/// `sitemap.xml` for the pages (the 404 page left out).
pub(crate) fn sitemap(base_url: &str, pages: &[Placed]) -> String {
    let base = base_url.trim_end_matches('/');
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut paths: Vec<&str> = pages
        .iter()
        .map(|p| p.path.as_str())
        .filter(|p| *p != "404.html")
        .collect();
    paths.sort();
    for p in paths {
        let url = if p == "index.html" {
            format!("{base}/")
        } else {
            format!("{base}/{p}")
        };
        s.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            crate::diagram::escape(&url)
        ));
    }
    s.push_str("</urlset>\n");
    s
}

/// The largest file of `static/` copied into a site.
const MAX_STATIC_BYTES: u64 = 256 << 20;

/// Files of the site's `static/` folder: (relative path with `/`, full path).
fn static_files(root: &Path) -> Result<Vec<(String, PathBuf)>, Diagnostics> {
    let dir = Layout::new(root).statics();
    let mut out = Vec::new();
    if !dir.is_dir() {
        return Ok(out);
    }
    let mut errs = Diagnostics::default();
    // Links are followed (a linked file is copied as the file it names;
    // walkdir reports a loop); what is neither a folder nor a file (a
    // named pipe, a device, a broken link) is reported, never skipped.
    for e in walkdir::WalkDir::new(&dir)
        .follow_links(true)
        .sort_by_file_name()
    {
        match e {
            Ok(e) if e.file_type().is_file() => {
                let rel = e.path().strip_prefix(&dir).unwrap_or(e.path());
                let rel = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                out.push((rel, e.path().to_path_buf()));
            }
            Ok(e) if e.file_type().is_dir() => {}
            Ok(e) => errs.push(Diagnostic::new(
                e.path(),
                0,
                0,
                "not a regular file (a device, a pipe or a folder): expected a file to copy into the site",
            )
            .with_kind(Kind::Unreadable)),
            Err(e) => errs.push(Diagnostic::new(
                e.path().unwrap_or(&dir),
                0,
                0,
                format!("cannot read static files: {e}"),
            )
            .with_kind(Kind::Unreadable)),
        }
    }
    errs.into_result(out)
}

/// A fresh sibling folder of `out` named `.omweso-TAG-PID-NAME`.
fn sibling(out: &Path, tag: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".into());
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    parent.join(format!(".omweso-{tag}-{}-{name}", std::process::id()))
}

/// A folder a build of `out` by a process no longer running (a killed
/// one) left beside it: `.omweso-build-PID-NAME` (a build not finished) or
/// `.omweso-old-PID-NAME` (the output before it, moved aside).
struct Leftover {
    path: PathBuf,
    old: bool,
    modified: std::time::SystemTime,
}

fn leftovers(out: &Path) -> Vec<Leftover> {
    let Some(name) = out.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Vec::new();
    };
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Ok(entries) = std::fs::read_dir(parent) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(".omweso-")) else {
            continue;
        };
        let (old, rest) = match (rest.strip_prefix("old-"), rest.strip_prefix("build-")) {
            (Some(r), _) => (true, r),
            (None, Some(r)) => (false, r),
            (None, None) => continue,
        };
        let Some((pid, rest_name)) = rest.split_once('-') else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if rest_name == name
            && pid != std::process::id()
            && !super::process_alive(pid)
            && e.file_type().is_ok_and(|t| t.is_dir())
        {
            let modified = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            found.push(Leftover {
                path: e.path(),
                old,
                modified,
            });
        }
    }
    found
}

/// A build killed between moving the previous output aside and moving the
/// new one in leaves no `out`, and the previous output beside it: put it
/// back (the newest, if several) before anything else. Returns the folder
/// it came from.
fn restore_previous(out: &Path) -> Result<Option<PathBuf>, Diagnostic> {
    if out.exists() || out.is_symlink() {
        return Ok(None);
    }
    let Some(newest) = leftovers(out)
        .into_iter()
        .filter(|l| l.old)
        .max_by_key(|l| l.modified)
    else {
        return Ok(None);
    };
    std::fs::rename(&newest.path, out).map_err(|e| {
        Diagnostic::new(
            out,
            0,
            0,
            format!(
                "cannot put back the previous output, which an interrupted build left in {}: {e}",
                newest.path.display()
            ),
        )
    })?;
    Ok(Some(newest.path))
}

/// Remove the leftovers of killed builds of `out` that a build wrote (they
/// hold [`OUTPUT_MARKER`]); called once a build is in place, so that the
/// only copy of an output is never among them. A folder without the mark
/// (an output that `--force` replaced) is left alone.
fn remove_leftovers(out: &Path) {
    for l in leftovers(out) {
        if is_output(&l.path) {
            let _ = std::fs::remove_dir_all(&l.path);
        }
    }
}

/// Make the path of this process's `tag` folder beside `out` free: remove
/// what is there if a build wrote it, refuse otherwise.
fn clear_own(path: &Path) -> Result<(), Diagnostic> {
    if !path.exists() && !path.is_symlink() {
        return Ok(());
    }
    if path.is_dir() && !path.is_symlink() && is_output(path) {
        return std::fs::remove_dir_all(path)
            .map_err(|e| Diagnostic::new(path, 0, 0, format!("cannot remove folder: {e}")));
    }
    Err(Diagnostic::new(
        path,
        0,
        0,
        "this name is where the build works, but something omweso did not write is there: \
         move it away",
    ))
}

fn write_all(
    dir: &Path,
    files: &[(String, Vec<u8>)],
    previous: Option<&Path>,
) -> Result<u64, Diagnostic> {
    let mut bytes = 0;
    for (rel, data) in files {
        write_or_link(dir, rel, data, previous)?;
        bytes += data.len() as u64;
    }
    Ok(bytes)
}

/// Write `data` at `rel` in `dir`; or, when `previous` (the output an
/// earlier build wrote) holds the same bytes at `rel` in a plain file, link
/// that file in instead. A rebuild of an unchanged page then makes no new
/// file on disk (most of a build's time on a large site went to creating
/// files), and the page keeps its date, so a deploy that compares dates
/// sends only what changed. A file that cannot be linked is written.
fn write_or_link(
    dir: &Path,
    rel: &str,
    data: &[u8],
    previous: Option<&Path>,
) -> Result<(), Diagnostic> {
    let linked = previous.is_some_and(|p| {
        let old = p.join(rel);
        same_bytes(&old, data) && link_into(&old, dir, rel)
    });
    if linked {
        Ok(())
    } else {
        write_file(dir, rel, data)
    }
}

/// Hard-link the file `from` in at `rel` in `dir` (its folders made as
/// needed); false when that fails (the caller then writes the file, which
/// reports the failure).
pub(crate) fn link_into(from: &Path, dir: &Path, rel: &str) -> bool {
    let to = dir.join(rel);
    to.parent()
        .is_none_or(|p| std::fs::create_dir_all(p).is_ok())
        && std::fs::hard_link(from, &to).is_ok()
}

/// Whether `path` is a plain file (not a link) holding exactly `data`.
fn same_bytes(path: &Path, data: &[u8]) -> bool {
    use std::io::Read;
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return false;
    };
    if !meta.is_file() || meta.len() != data.len() as u64 {
        return false;
    }
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut buf = [0u8; 64 * 1024];
    let mut rest = data;
    loop {
        match file.read(&mut buf) {
            Ok(0) => return rest.is_empty(),
            Ok(n) if n <= rest.len() && buf[..n] == rest[..n] => rest = &rest[n..],
            Ok(_) => return false,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Put `fresh` in place of `out`: the old output is moved aside, the new
/// one renamed in, the old one removed.
fn swap_in(fresh: &Path, out: &Path) -> Result<(), Diagnostic> {
    if out.exists() {
        if !out.is_dir() {
            return Err(Diagnostic::new(
                out,
                0,
                0,
                "the output path is a file: expected a folder",
            ));
        }
        let old = sibling(out, "old");
        clear_own(&old)?;
        std::fs::rename(out, &old).map_err(|e| {
            Diagnostic::new(
                out,
                0,
                0,
                format!("cannot move the previous output aside: {e}"),
            )
        })?;
        if let Err(e) = std::fs::rename(fresh, out) {
            let _ = std::fs::rename(&old, out);
            return Err(Diagnostic::new(
                out,
                0,
                0,
                format!("cannot move the new output in place: {e}"),
            ));
        }
        // a folder --force replaced has no mark: it goes too, as asked
        let _ = std::fs::remove_dir_all(&old);
    } else {
        if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| Diagnostic::new(parent, 0, 0, format!("cannot create folder: {e}")))?;
        }
        std::fs::rename(fresh, out).map_err(|e| {
            Diagnostic::new(
                out,
                0,
                0,
                format!("cannot move the new output in place: {e}"),
            )
        })?;
    }
    Ok(())
}

/// Everything a build writes but its pages (given to a [`PageSink`] as
/// they are rendered).
pub(crate) struct Rendered {
    /// (path in the output, content): search index, assets, the output
    /// marker, sitemap and static files.
    pub files: Vec<(String, Vec<u8>)>,
    /// The pages given to the sink.
    pub pages: Vec<Placed>,
    /// Diagrams on those pages.
    pub diagrams: usize,
    /// The words of each chapter's body (for search), in chapter order.
    pub plains: Vec<String>,
    /// The size of each chapter's body (for the print parts), in chapter
    /// order.
    pub sizes: Vec<usize>,
}

/// Where the search index is written.
pub(crate) const SEARCH_INDEX_FILE: &str = "assets/search-index.js";

/// [`render_site_to`] dropping every page as soon as it is rendered: what
/// `omweso check` calls, so that it reports what a build fails on.
pub(crate) fn render_site(
    site: &Site,
    traces: &Traces,
    progress: &dyn Progress,
) -> Result<Rendered, Diagnostics> {
    render_site_to(site, traces, progress, &|_| Ok(()))
}

/// Render a loaded site, from its traces: pages (through the site's
/// templates, each given to `sink` as soon as it is rendered, so that a
/// build never holds them all), search index, assets, sitemap and static
/// files, with every problem only this finds (a template error, a static
/// file that would replace a generated page, an unreadable static file).
pub(crate) fn render_site_to(
    site: &Site,
    traces: &Traces,
    progress: &dyn Progress,
    sink: &PageSink,
) -> Result<Rendered, Diagnostics> {
    let root = &site.root;
    let (tera, _) = templates::load(root)?;
    let statics = static_files(root)?;
    let renderer = Renderer::new(site, traces, &tera, progress);
    progress.pages(renderer.page_count());
    let rendered = renderer.all(sink);
    progress.finished();
    let AllPages {
        placed: pages,
        search_index,
        plains,
        sizes,
    } = rendered?;
    let mut files: Vec<(String, Vec<u8>)> = vec![(SEARCH_INDEX_FILE.into(), search_index)];
    for (path, bytes) in assets() {
        files.push((path.into(), bytes.into_owned()));
    }
    files.push((OUTPUT_MARKER.into(), MARKER_TEXT.to_vec()));
    if let Some(base) = &site.config.base_url {
        files.push(("sitemap.xml".into(), sitemap(base, &pages).into_bytes()));
    }
    let generated: std::collections::BTreeSet<&str> = files
        .iter()
        .map(|(p, _)| p.as_str())
        .chain(pages.iter().map(|p| p.path.as_str()))
        .collect();
    let mut errs = Diagnostics::default();
    let mut extra = Vec::new();
    for (rel, full) in statics {
        if generated.contains(rel.as_str()) {
            errs.push(Diagnostic::new(
                &full,
                0,
                0,
                format!("static file {rel} would replace a page the site generates: rename it"),
            ));
            continue;
        }
        match crate::model::read_bounded(&full, MAX_STATIC_BYTES) {
            Ok(data) => extra.push((rel, data)),
            Err(d) => errs.push(d),
        }
    }
    files.extend(extra);
    errs.into_result(Rendered {
        diagrams: pages.iter().map(|p| p.diagrams).sum(),
        pages,
        files,
        plains,
        sizes,
    })
}

/// Write one file under `dir`, creating its folder.
pub(crate) fn write_file(dir: &Path, rel: &str, data: &[u8]) -> Result<(), Diagnostic> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Diagnostic::new(parent, 0, 0, format!("cannot create folder: {e}")))?;
    }
    std::fs::write(&path, data)
        .map_err(|e| Diagnostic::new(&path, 0, 0, format!("cannot write file: {e}")))
}

/// Build a site: pages are written into a fresh folder beside the output
/// as they are rendered, and the folder swapped in only when all is
/// written; any error (all of them, located) leaves the previous output
/// untouched.
/// Output is deterministic.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, Diagnostics> {
    build_with(opts, &Silent)
}

/// [`build`], reporting its progress to `progress`.
pub fn build_with(
    opts: &BuildOptions,
    progress: &dyn Progress,
) -> Result<BuildReport, Diagnostics> {
    build_asking(opts, progress, &Decisions::default())
}

/// [`build_with`], asking `decisions` for the engine's answers first:
/// `omweso serve` keeps one across rebuilds, so a rebuild plays again only
/// the moves whose position or rules changed.
pub fn build_asking(
    opts: &BuildOptions,
    progress: &dyn Progress,
    decisions: &Decisions,
) -> Result<BuildReport, Diagnostics> {
    let start = Instant::now();
    let root = &opts.root;
    let out = &opts.out;
    // an interrupted build's previous output is put back before anything
    // else, so that a failing build leaves it where it was
    restore_previous(out)?;
    check_output(root, out, opts.force)?;
    let (mut site, errs) = load(root, opts.drafts);
    if !errs.is_empty() {
        return Err(errs);
    }
    if let Some(b) = &opts.base_url {
        if !(b.starts_with("http://") || b.starts_with("https://")) {
            return Err(Diagnostic::new(
                Path::new("--base-url"),
                0,
                0,
                format!(
                    "invalid base URL {b_q}: expected an absolute http:// or https:// URL",
                    b_q = quote(b)
                ),
            )
            .into());
        }
        site.config.base_url = Some(b.clone());
    }
    let traces = Traces::for_build_with(&site, decisions);
    write_site(out, &site, &traces, progress, &|_| {}).map(|(_, report)| BuildReport {
        elapsed: start.elapsed(),
        ..report
    })
}

/// Render a loaded site and write it at `out`: pages are written into a
/// fresh folder beside it as they are rendered (each shown to `seen`
/// first), and the folder swapped in only when all is written; any error
/// leaves the previous output untouched.
pub(crate) fn write_site(
    out: &Path,
    site: &Site,
    traces: &Traces,
    progress: &dyn Progress,
    seen: &(dyn Fn(&Page) + Sync),
) -> Result<(Rendered, BuildReport), Diagnostics> {
    let start = Instant::now();
    // pages are written into a fresh folder as they are rendered; it is
    // swapped in only when everything is written
    let fresh = sibling(out, "build");
    clear_own(&fresh)?;
    // the output an earlier build wrote: its unchanged files are linked in
    let previous = (out.is_dir() && !out.is_symlink() && is_output(out)).then_some(out);
    // the mark goes in first: a build killed midway leaves a folder that a
    // later build knows it may remove
    let result = std::fs::create_dir_all(&fresh)
        .map_err(|e| {
            Diagnostics::from(Diagnostic::new(
                &fresh,
                0,
                0,
                format!("cannot create folder: {e}"),
            ))
        })
        .and_then(|_| write_file(&fresh, OUTPUT_MARKER, MARKER_TEXT).map_err(Diagnostics::from))
        .and_then(|_| {
            let sink = |page: Page| -> Result<(), Diagnostics> {
                seen(&page);
                write_or_link(&fresh, &page.path, page.html.as_bytes(), previous)
                    .map_err(Diagnostics::from)
            };
            render_site_to(site, traces, progress, &sink)
        })
        .and_then(|r| {
            let bytes = write_all(&fresh, &r.files, previous)?;
            swap_in(&fresh, out)?;
            remove_leftovers(out);
            Ok((r, bytes))
        });
    match result {
        Ok((r, bytes)) => {
            let report = BuildReport {
                out: out.to_path_buf(),
                pages: r.pages.len(),
                diagrams: r.diagrams,
                files: r.files.len() + r.pages.len(),
                bytes: bytes + r.pages.iter().map(|p| p.bytes).sum::<u64>(),
                elapsed: start.elapsed(),
            };
            Ok((r, report))
        }
        Err(e) => {
            if is_output(&fresh) {
                let _ = std::fs::remove_dir_all(&fresh);
            }
            Err(e)
        }
    }
}
