//! Rebuilding a site after an edit, re-rendering only what the edit
//! touched: what `omweso serve` does on every change.
//!
//! A [`Session`] builds the whole site once into a folder (the *base*) and
//! remembers, for every file of it, a digest, and for every chapter a
//! fingerprint of what its page is made of (its text and file, the
//! chapters before and after it, the positions it shows by `ref:`), plus
//! what the pages shared (the chapters' list, titles and order, the page
//! holding the diagrams' key). On a later change it reloads and checks the
//! whole site (so the errors are those of a full build), and when
//!
//! - every file changed since the last good build is a chapter
//!   (`content/*.md`) or a position file (`content/positions/*.yaml`) that
//!   the last good build had, and still there;
//! - what the pages share is unchanged, the same chapters in the same
//!   order, and the print version in the same parts;
//! - the site's other pages are the same files as before,
//!
//! it re-renders only the chapters whose fingerprint changed and writes
//! into a fresh folder only the files that now differ from the base: a
//! *patch*, served over the base. Right after (a second patch, unless
//! another change came meanwhile), it re-renders the print parts holding
//! those chapters, the search index and the site's few other pages (index,
//! positions, variants, puzzles…, which are cheap and whose dependencies
//! are many), and writes what differs. Anything
//! else (a template, the config, a variant, a puzzle, a static file, a file
//! added or removed, a chapter's title) rebuilds the whole site into a new
//! base. Never stale: a page is kept only when nothing it is made of
//! changed.

use super::content::{Chapter, ChapterCache, Site, load_with};
use super::output::{MARKER_TEXT, OUTPUT_MARKER, check_output, link_into, write_file, write_site};
use super::render::{Page, PrintPlan, Renderer, Silent, print_plan};
use super::templates;
use super::traces::{Decisions, Traces};
use crate::model::{Block, Diagnostic, Diagnostics};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;
use tera::Tera;

/// A 128-bit digest of some bytes (two SipHash keys): a file is taken as
/// unchanged only when its digest is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Digest(u64, u64);

fn digest(parts: &[&[u8]]) -> Digest {
    let one = |seed: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        seed.hash(&mut h);
        for p in parts {
            p.hash(&mut h);
        }
        h.finish()
    };
    Digest(one(0), one(1))
}

/// What one rebuild did.
#[derive(Clone, Debug)]
pub struct Rebuilt {
    /// `None`: the whole site was written into the output folder. `Some(base)`:
    /// the output folder holds only the files that differ from the folder
    /// `base` (an earlier full build of this session), which must be served
    /// beneath it.
    pub base: Option<PathBuf>,
    /// The chapters whose pages were rendered (their stems), in order.
    pub chapters: Vec<String>,
    /// The pages (and other files) whose content changed since the build
    /// served before; `None` after a full build (any may have).
    pub pages: Option<Vec<String>>,
    /// Whether something is left to do (the print parts holding the edited
    /// chapters, the search index): call [`Session::rebuild`] again, with
    /// no change, to have it done.
    pub more: bool,
    /// How many files were written: for a patch, every file that differs
    /// from the base.
    pub written: usize,
    /// Bytes written (a patch links the files it shares with the one before).
    pub bytes: u64,
    /// One line for the log.
    pub summary: String,
}

/// What the session knows of its last good build.
struct State {
    /// The folder of the last full build.
    base: PathBuf,
    /// The folder of the last good build (`base`, or a patch over it).
    current: PathBuf,
    /// Digest of every page and of the search index, as in `base`.
    files: HashMap<String, Digest>,
    /// The files that now differ from `base`, with their content.
    patch: BTreeMap<String, Vec<u8>>,
    /// What every page shares.
    shared: Digest,
    /// Each chapter's file and fingerprint, in reading order.
    chapters: Vec<(PathBuf, Digest)>,
    /// The position files.
    position_files: BTreeSet<PathBuf>,
    /// The pages that are neither chapters nor print parts.
    others: BTreeSet<String>,
    /// Each chapter's words (search) and body size (print parts).
    plains: Vec<String>,
    sizes: Vec<usize>,
    /// How the print version lays out the whole rulebook, from `sizes`.
    print: PrintPlan,
    /// Chapters rendered again whose print part and search words are not
    /// yet in the output ([`Session::finish`]).
    stale: BTreeSet<usize>,
    /// Whether the last good build is a patch [`Session::finish`] has not
    /// finished (the site's pages other than chapters left as they were).
    unfinished: bool,
}

/// A site built again and again (see the module's documentation): what
/// `omweso serve` keeps between rebuilds, with the engine's answers.
pub struct Session {
    root: PathBuf,
    drafts: bool,
    decisions: Decisions,
    state: Option<State>,
    /// Files changed since the last good build.
    pending: BTreeSet<PathBuf>,
    /// The chapters as parsed by the last load.
    parsed: ChapterCache,
    /// The site, its traces and its templates as the last good build had
    /// them: what [`Session::finish`] renders with, whatever changed since
    /// on disk (a change it has not been told of yet).
    last: Option<(Site, Traces, Tera)>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("root", &self.root)
            .field("drafts", &self.drafts)
            .field("base", &self.state.as_ref().map(|s| &s.base))
            .finish()
    }
}

impl Session {
    /// A session for the site at `root` (drafts included with `drafts`).
    pub fn new(root: &Path, drafts: bool) -> Session {
        Session {
            root: root.canonicalize().unwrap_or_else(|_| root.to_path_buf()),
            drafts,
            decisions: Decisions::default(),
            state: None,
            pending: BTreeSet::new(),
            parsed: ChapterCache::default(),
            last: None,
        }
    }

    /// Build the site into the fresh folder `out`, after the files
    /// `changed` changed; `served`: the folder of the build being served
    /// (the last one this session made that succeeded, if the caller still
    /// serves it). Writes a patch over the last full build when it can (see
    /// the module's documentation), else the whole site. On an error
    /// nothing is remembered: the next rebuild starts from the last good
    /// one, with these changes too.
    pub fn rebuild(
        &mut self,
        out: &Path,
        changed: &[PathBuf],
        served: Option<&Path>,
    ) -> Result<Rebuilt, Diagnostics> {
        let started = Instant::now();
        self.pending.extend(changed.iter().cloned());
        let current = self.state.as_ref().map(|s| s.current.as_path());
        let served_current = served.is_some() && served == current;
        // nothing changed since a patch that left work: finish it
        let mut whole = false;
        if self.pending.is_empty()
            && served_current
            && self.state.as_ref().is_some_and(|s| s.unfinished)
        {
            match self.finish(out)? {
                Some(mut rebuilt) => {
                    rebuilt.summary = format!(
                        "{} in {} ms",
                        rebuilt.summary,
                        started.elapsed().as_millis()
                    );
                    return Ok(rebuilt);
                }
                None => whole = true,
            }
        }
        // the files named changed are read again whatever their stamp
        self.parsed.forget(&self.pending);
        let (site, errs) = load_with(&self.root, self.drafts, &mut self.parsed);
        if !errs.is_empty() {
            return Err(errs);
        }
        let (tera, _) = templates::load(&self.root)?;
        let loaded = started.elapsed();
        let traces = Traces::for_build_with(&site, &self.decisions);
        let traced = started.elapsed();
        let patchable = served_current
            && !whole
            && self.state.as_ref().is_some_and(|s| {
                s.base.is_dir() && self.pending.iter().all(|p| s.covers(&self.root, p))
            });
        let result = if patchable {
            self.patch(out, &site, &traces, &tera)?
        } else {
            None
        };
        let mut rebuilt = match result {
            Some(r) => r,
            None => self.full(out, &site, &traces)?,
        };
        self.pending.clear();
        self.last = Some((site, traces, tera));
        rebuilt.summary = format!(
            "{} (load {} ms, traces {} ms, in all {} ms)",
            rebuilt.summary,
            loaded.as_millis(),
            (traced - loaded).as_millis(),
            started.elapsed().as_millis()
        );
        Ok(rebuilt)
    }

    /// The whole site into `out`, remembered as the new base.
    fn full(&mut self, out: &Path, site: &Site, traces: &Traces) -> Result<Rebuilt, Diagnostics> {
        check_output(&site.root, out, false)?;
        let files: Mutex<HashMap<String, Digest>> = Mutex::default();
        let seen = |page: &Page| {
            let d = digest(&[page.html.as_bytes()]);
            files
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(page.path.clone(), d);
        };
        let (rendered, report) = write_site(out, site, traces, &Silent, &seen)?;
        let mut files = files.into_inner().unwrap_or_else(|e| e.into_inner());
        for (path, bytes) in &rendered.files {
            if path == SEARCH_INDEX {
                files.insert(path.clone(), digest(&[bytes]));
            }
        }
        let print = print_plan(&rendered.sizes, site.config.print);
        let others = rendered
            .pages
            .iter()
            .map(|p| p.path.clone())
            .filter(|p| !is_chapter_or_print(site, p))
            .collect();
        let fingerprints = Fingerprints::of(site)?;
        self.state = Some(State {
            base: out.to_path_buf(),
            current: out.to_path_buf(),
            files,
            patch: BTreeMap::new(),
            shared: fingerprints.shared,
            chapters: fingerprints.chapters,
            position_files: position_files(site),
            others,
            plains: rendered.plains,
            sizes: rendered.sizes,
            print,
            stale: BTreeSet::new(),
            unfinished: false,
        });
        Ok(Rebuilt {
            base: None,
            pages: None,
            more: false,
            chapters: site.chapters.iter().map(|c| c.stem.clone()).collect(),
            written: report.files,
            bytes: report.bytes,
            summary: format!("full build: {report}"),
        })
    }

    /// A patch over the base into `out`; `None` when the change is not one
    /// a patch covers (the caller then builds the whole site). Only the
    /// edited chapters' pages are rendered: the print parts holding them,
    /// the search index and the site's other pages are left as they were,
    /// for [`Session::finish`].
    fn patch(
        &mut self,
        out: &Path,
        site: &Site,
        traces: &Traces,
        tera: &Tera,
    ) -> Result<Option<Rebuilt>, Diagnostics> {
        let Some(state) = &self.state else {
            return Ok(None);
        };
        let t0 = Instant::now();
        let fingerprints = Fingerprints::of(site)?;
        let t_fp = t0.elapsed();
        let same_chapters = fingerprints.chapters.len() == state.chapters.len()
            && fingerprints
                .chapters
                .iter()
                .zip(&state.chapters)
                .all(|((a, _), (b, _))| a == b);
        if fingerprints.shared != state.shared
            || !same_chapters
            || position_files(site) != state.position_files
        {
            return Ok(None);
        }
        let changed: Vec<usize> = (0..site.chapters.len())
            .filter(|&i| fingerprints.chapters[i].1 != state.chapters[i].1)
            .collect();
        let renderer = Renderer::new(site, traces, tera, &Silent);
        let pages: Mutex<Vec<Page>> = Mutex::default();
        let keep = |page: Page| -> Result<(), Diagnostics> {
            pages.lock().unwrap_or_else(|e| e.into_inner()).push(page);
            Ok(())
        };
        // the edited chapters
        let drawn: Vec<_> = changed
            .par_iter()
            .map(|&i| renderer.chapter(i, &keep).map(|d| (i, d)))
            .collect::<Result<_, _>>()?;
        let mut plains = state.plains.clone();
        let mut sizes = state.sizes.clone();
        for (i, d) in drawn {
            plains[i] = d.plain;
            sizes[i] = d.size;
        }
        // a print part boundary that moves changes two parts' pages
        if print_plan(&sizes, site.config.print) != state.print {
            return Ok(None);
        }
        let t_ch = t0.elapsed();
        let files: Vec<(String, Vec<u8>)> = pages
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_iter()
            .map(|p| (p.path, p.html.into_bytes()))
            .collect();
        let Some(patch) = state.patched(files) else {
            return Ok(None);
        };
        let mut stale = state.stale.clone();
        stale.extend(changed.iter().copied());
        let summary = format!(
            "patch: {} chapter page{} rendered again (fingerprints {} ms, chapters {} ms)",
            changed.len(),
            if changed.len() == 1 { "" } else { "s" },
            t_fp.as_millis(),
            (t_ch - t_fp).as_millis(),
        );
        let chapters = changed
            .iter()
            .map(|&i| site.chapters[i].stem.clone())
            .collect();
        let rebuilt = self.commit(out, patch, summary, chapters, true)?;
        if let Some(state) = &mut self.state {
            state.chapters = fingerprints.chapters;
            state.plains = plains;
            state.sizes = sizes;
            state.stale = stale;
            state.unfinished = true;
        }
        Ok(Some(rebuilt))
    }

    /// What [`Session::patch`] left to do: the print parts holding the
    /// chapters rendered again, the search index and every page that is
    /// not a chapter's, as a patch into `out`. `None` when that is not one
    /// a patch covers (a page added or gone: the caller then builds the
    /// whole site).
    fn finish(&mut self, out: &Path) -> Result<Option<Rebuilt>, Diagnostics> {
        let (Some(state), Some((site, traces, tera))) = (&self.state, &self.last) else {
            return Ok(None);
        };
        let renderer = Renderer::new(site, traces, tera, &Silent);
        let whole = state.print.pages();
        let print: Vec<usize> = (0..whole.len())
            .filter(|&k| state.stale.iter().any(|i| whole[k].contains(i)))
            .collect();
        let pages: Mutex<Vec<Page>> = Mutex::default();
        let keep = |page: Page| -> Result<(), Diagnostics> {
            pages.lock().unwrap_or_else(|e| e.into_inner()).push(page);
            Ok(())
        };
        let placed = renderer.rest(&state.print, &print, &keep)?;
        let others: BTreeSet<String> = placed
            .iter()
            .map(|p| p.path.clone())
            .filter(|p| !is_chapter_or_print(site, p))
            .collect();
        if others != state.others {
            return Ok(None);
        }
        let mut files: Vec<(String, Vec<u8>)> = pages
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .into_iter()
            .map(|p| (p.path, p.html.into_bytes()))
            .collect();
        files.push((SEARCH_INDEX.into(), renderer.search_index(&state.plains)));
        let Some(patch) = state.patched(files) else {
            return Ok(None);
        };
        let summary = format!(
            "patch finished: {} print part{}, the search index and the other pages rendered again",
            print.len(),
            if print.len() == 1 { "" } else { "s" },
        );
        let rebuilt = self.commit(out, patch, summary, Vec::new(), false)?;
        if let Some(state) = &mut self.state {
            state.stale.clear();
            state.unfinished = false;
        }
        Ok(Some(rebuilt))
    }

    /// Write `patch` (every file that differs from the base) into `out`
    /// and remember it as the last good build.
    fn commit(
        &mut self,
        out: &Path,
        patch: BTreeMap<String, Vec<u8>>,
        summary: String,
        chapters: Vec<String>,
        more: bool,
    ) -> Result<Rebuilt, Diagnostics> {
        let Some(state) = &mut self.state else {
            return Err(
                Diagnostic::new(out, 0, 0, "internal error: a patch without a base").into(),
            );
        };
        // the mark first, so that a folder left half-written is known as a
        // build's
        let mut bytes = 0;
        write_file(out, OUTPUT_MARKER, MARKER_TEXT)?;
        for (path, data) in &patch {
            // a file the patch before had already is linked from there
            // (the server never writes into a build folder)
            let linked = state.patch.get(path) == Some(data)
                && link_into(&state.current.join(path), out, path);
            if !linked {
                write_file(out, path, data)?;
                bytes += data.len() as u64;
            }
        }
        // the pages that changed since the build served before
        let mut pages: Vec<String> = state
            .patch
            .keys()
            .chain(patch.keys())
            .filter(|p| state.patch.get(*p) != patch.get(*p))
            .cloned()
            .collect();
        pages.sort();
        pages.dedup();
        let written = patch.len();
        state.current = out.to_path_buf();
        state.patch = patch;
        Ok(Rebuilt {
            summary: format!(
                "{summary}; {} page{} changed; {written} file{} from the full build \
                 ({:.1} MB written)",
                pages.len(),
                if pages.len() == 1 { "" } else { "s" },
                if written == 1 { " differs" } else { "s differ" },
                bytes as f64 / 1e6
            ),
            base: Some(state.base.clone()),
            pages: Some(pages),
            more,
            chapters,
            written,
            bytes,
        })
    }
}

/// The search index's path in a build.
const SEARCH_INDEX: &str = super::output::SEARCH_INDEX_FILE;

impl State {
    /// The patch after these files were rendered again (paths and
    /// content): a file equal to the base's is dropped from it, one that
    /// differs is put in. `None` for a file the base does not have.
    fn patched(&self, files: Vec<(String, Vec<u8>)>) -> Option<BTreeMap<String, Vec<u8>>> {
        let mut patch = self.patch.clone();
        for (path, bytes) in files {
            match self.files.get(&path) {
                Some(d) if *d == digest(&[&bytes]) => {
                    patch.remove(&path);
                }
                Some(_) => {
                    patch.insert(path, bytes);
                }
                None => return None,
            }
        }
        Some(patch)
    }

    /// Whether a change of `path` is one a patch may cover: a chapter or
    /// a position file the last good build had, still there; or a file
    /// beside them that no build reads, gone again (an editor's temporary
    /// file, renamed over the one it saves).
    fn covers(&self, root: &Path, path: &Path) -> bool {
        let content = root.join("content");
        let positions = content.join("positions");
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let chapter = path.parent() == Some(content.as_path())
            && ext == "md"
            && self.chapters.iter().any(|(p, _)| p == path);
        let position_file =
            path.parent() == Some(positions.as_path()) && self.position_files.contains(path);
        let transient = (path.parent() == Some(content.as_path())
            || path.parent() == Some(positions.as_path()))
            && !matches!(ext, "md" | "yaml" | "yml")
            && !path.exists()
            && !path.is_symlink();
        ((chapter || position_file) && path.is_file()) || transient
    }
}

/// The position files a site has.
fn position_files(site: &Site) -> BTreeSet<PathBuf> {
    site.positions.iter().map(|p| p.file.clone()).collect()
}

/// Whether `path` is a chapter's page or a part of the print version.
fn is_chapter_or_print(site: &Site, path: &str) -> bool {
    path == "print.html"
        || path
            .strip_prefix("print-")
            .and_then(|p| p.strip_suffix(".html"))
            .is_some_and(|n| n.parse::<usize>().is_ok())
        || site.chapters.iter().any(|c| c.url() == path)
}

/// What the pages are made of, besides the chapters' own pages.
struct Fingerprints {
    /// What every page shows of the site: the chapters' list (stems,
    /// titles, descriptions, order), whether drafts are shown, and the
    /// chapter holding the diagrams' key.
    shared: Digest,
    /// Each chapter's page: its file and text, the chapters before and
    /// after it, and the positions it shows by `ref:`.
    chapters: Vec<(PathBuf, Digest)>,
}

impl Fingerprints {
    fn of(site: &Site) -> Result<Fingerprints, Diagnostics> {
        let key = site
            .chapters
            .iter()
            .find(|c| {
                c.headings
                    .iter()
                    .any(|h| h.id == super::figure::KEY_SECTION)
            })
            .map(|c| c.stem.as_str());
        let nav: Vec<(&str, &str, Option<&str>, bool)> = site
            .chapters
            .iter()
            .map(|c| {
                (
                    c.stem.as_str(),
                    c.front.title.as_str(),
                    c.front.description.as_deref(),
                    c.front.draft,
                )
            })
            .collect();
        let shared = digest(&[format!("{nav:?}|{key:?}|{}", site.drafts).as_bytes()]);
        // the positions shown by `ref:`, each written out once
        let mut refs: HashMap<&str, Digest> = HashMap::new();
        for c in &site.chapters {
            for b in &c.blocks {
                if let Block::Ref { id, .. } = &b.block
                    && !refs.contains_key(id.as_str())
                {
                    let d = match site.find(id) {
                        Some((key, doc)) => digest(&[format!("{key:?}|{doc:?}").as_bytes()]),
                        None => digest(&[b"none"]),
                    };
                    refs.insert(id, d);
                }
            }
        }
        let neighbour = |c: Option<&Chapter>| c.map(|c| (c.url(), c.front.title.clone()));
        let chapters = site
            .chapters
            .par_iter()
            .enumerate()
            .map(|(i, c)| {
                let mut ids: Vec<String> = Vec::new();
                for b in &c.blocks {
                    if let Block::Ref { id, .. } = &b.block {
                        ids.push(format!("{:?}", refs.get(id.as_str())));
                    }
                }
                let around = format!(
                    "{i}|{:?}|{:?}|{ids:?}",
                    neighbour(i.checked_sub(1).and_then(|j| site.chapters.get(j))),
                    neighbour(site.chapters.get(i + 1)),
                );
                let d = digest(&[
                    c.path.as_os_str().as_encoded_bytes(),
                    c.text.as_bytes(),
                    around.as_bytes(),
                ]);
                (c.path.clone(), d)
            })
            .collect();
        Ok(Fingerprints { shared, chapters })
    }
}
