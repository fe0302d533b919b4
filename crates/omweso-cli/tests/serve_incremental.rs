//! `omweso serve`'s rebuilds after an edit (`omweso::site::Session`): an
//! edit of a chapter or of a position file re-renders only the pages it
//! touches, written as a patch over the last full build, and what is served
//! (the patch over its base) is byte for byte what `omweso build` writes
//! for the edited site; a template or config edit builds the whole site
//! again; an edit that breaks a chapter keeps the last good pages served,
//! with the errors.

mod common;

use omweso::site::{self, BuildOptions, Session};
use omweso_cli::serve::{self, BuildRequest, Built, ServeOptions, StepFn};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

/// A site made by `omweso init` (one chapter, `introduction`, showing the
/// position file `first-capture` by `ref:`) plus two chapters: `second`,
/// prose only, and `third`, which shows `first-capture` too.
fn three_chapters() -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = common::init_site();
    std::fs::write(
        root.join("content/second.md"),
        "---\ntitle: Second\norder: 2\n---\n\n## Words\n\nOnly words here.\n",
    )
    .unwrap();
    std::fs::write(
        root.join("content/third.md"),
        "---\ntitle: Third\norder: 3\n---\n\nThe capture again:\n\n```omweso\nref: first-capture\n```\n",
    )
    .unwrap();
    (dir, root)
}

/// [`three_chapters`], its root (canonical), an empty `work` folder beside
/// it for the builds, and a session of the site that has built nothing yet.
fn session_of_three_chapters() -> (tempfile::TempDir, PathBuf, PathBuf, Session) {
    let (tmp, root) = three_chapters();
    let root = root.canonicalize().unwrap();
    let work = tmp.path().join("work");
    std::fs::create_dir(&work).unwrap();
    let session = Session::new(&root, false);
    (tmp, root, work, session)
}

/// Every file of a build folder (relative path → bytes).
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.unwrap();
        if e.file_type().is_file() {
            let rel = e.path().strip_prefix(dir).unwrap();
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.insert(rel, std::fs::read(e.path()).unwrap());
        }
    }
    out
}

/// What is served from `dir`: its files over those of `base` when it is a
/// patch.
fn served(dir: &Path, base: Option<&Path>) -> BTreeMap<String, Vec<u8>> {
    let mut all = base.map(files).unwrap_or_default();
    all.extend(files(dir));
    all
}

/// The site as `omweso build` writes it.
fn full_build(root: &Path, out: &Path) -> BTreeMap<String, Vec<u8>> {
    site::build(&BuildOptions {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        base_url: None,
        drafts: false,
        force: false,
    })
    .unwrap_or_else(|e| panic!("{e:?}"));
    files(out)
}

/// Assert that what is served equals a full build, file for file.
fn same_as_full_build(root: &Path, work: &Path, dir: &Path, base: Option<&Path>) {
    let name = dir.file_name().unwrap().to_string_lossy();
    let want = full_build(root, &work.join(format!("full-{name}")));
    let got = served(dir, base);
    let want_names: Vec<&String> = want.keys().collect();
    let got_names: Vec<&String> = got.keys().collect();
    assert_eq!(got_names, want_names, "the files served are not a build's");
    for (path, bytes) in &want {
        assert!(
            got[path] == *bytes,
            "{path} differs from what a full build writes"
        );
    }
    assert!(want.len() > 20, "a build of {} files only", want.len());
}

/// Replaces `from` by `to` in the file at `path`.
fn replace_in(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::write(path, text.replace(from, to)).unwrap();
}

/// A page of a build folder, as text.
fn page_of(dir: &Path, name: &str) -> String {
    String::from_utf8_lossy(&std::fs::read(dir.join(name)).unwrap()).into_owned()
}

fn append(path: &Path, text: &str) {
    let mut s = std::fs::read_to_string(path).unwrap();
    s.push_str(text);
    std::fs::write(path, s).unwrap();
}

#[test]
fn an_edit_re_renders_only_the_pages_it_touches() {
    let (_tmp, root, work, mut session) = session_of_three_chapters();

    // the first build is a full one
    let b1 = work.join("b1");
    let r = session.rebuild(&b1, &[], None).unwrap();
    assert!(r.base.is_none() && r.pages.is_none() && !r.more, "{r:?}");
    let mut all = r.chapters.clone();
    all.sort();
    assert_eq!(all, ["introduction", "second", "third"]);
    let second_before = std::fs::read(b1.join("second.html")).unwrap();

    // a chapter edit: its page alone is rendered, and written
    let chapter = root.join("content/introduction.md");
    append(&chapter, "\nA sentence added while serving.\n");
    let b2 = work.join("b2");
    let r = session
        .rebuild(&b2, std::slice::from_ref(&chapter), Some(&b1))
        .unwrap();
    assert_eq!(r.base.as_deref(), Some(b1.as_path()), "{r:?}");
    assert_eq!(r.chapters, ["introduction"], "{r:?}");
    assert_eq!(
        r.pages.as_deref(),
        Some(&["introduction.html".to_string()][..])
    );
    assert!(
        r.more,
        "the print version and the search index are left for later"
    );
    let written = files(&b2);
    assert!(
        String::from_utf8_lossy(&written["introduction.html"])
            .contains("A sentence added while serving."),
        "the edited page is written"
    );
    assert!(!written.contains_key("second.html"), "{:?}", written.keys());
    assert!(!written.contains_key("third.html"), "{:?}", written.keys());
    assert_eq!(served(&b2, Some(&b1))["second.html"], second_before);

    // then the print version and the search index, with no change
    let b3 = work.join("b3");
    let r = session.rebuild(&b3, &[], Some(&b2)).unwrap();
    assert!(r.chapters.is_empty() && !r.more, "{r:?}");
    assert_eq!(
        r.pages.as_deref(),
        Some(
            &[
                "assets/search-index.js".to_string(),
                "print.html".to_string()
            ][..]
        )
    );
    assert!(!files(&b3).contains_key("second.html"));
    same_as_full_build(&root, &work, &b3, Some(&b1));

    // a position file edit: the two chapters showing it, not `second`
    let position = root.join("content/positions/first-capture.yaml");
    let text = std::fs::read_to_string(&position).unwrap();
    assert!(text.contains("\ncaption:"), "{text}");
    let text: String = text
        .lines()
        .map(|l| {
            if l.starts_with("caption:") {
                "caption: A caption edited while serving.".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    // saved as editors do: a temporary file renamed over it (both seen)
    let tmp = root.join("content/positions/first-capture.yaml.tmp");
    std::fs::write(&tmp, text + "\n").unwrap();
    std::fs::rename(&tmp, &position).unwrap();
    let b4 = work.join("b4");
    let r = session
        .rebuild(&b4, &[tmp.clone(), position.clone()], Some(&b3))
        .unwrap();
    assert_eq!(r.base.as_deref(), Some(b1.as_path()), "{r:?}");
    let mut touched = r.chapters.clone();
    touched.sort();
    assert_eq!(touched, ["introduction", "third"], "{r:?}");
    assert_eq!(
        r.pages.as_deref(),
        Some(&["introduction.html".to_string(), "third.html".to_string()][..])
    );
    // then its own page, the print version...
    let b5 = work.join("b5");
    let r = session.rebuild(&b5, &[], Some(&b4)).unwrap();
    assert!(!r.more, "{r:?}");
    let pages = r.pages.clone().unwrap();
    assert!(
        pages.contains(&"positions/first-capture.html".to_string()),
        "{pages:?}"
    );
    assert!(pages.contains(&"print.html".to_string()), "{pages:?}");
    assert!(!pages.contains(&"second.html".to_string()), "{pages:?}");
    assert!(!files(&b5).contains_key("second.html"));
    same_as_full_build(&root, &work, &b5, Some(&b1));

    // a template edit builds the whole site again, and shows
    std::fs::write(
        root.join("templates/404.html"),
        "{% extends \"base.html\" %}{% block main %}<h1>Lost: a template edited while serving</h1>{% endblock %}",
    )
    .unwrap();
    let b6 = work.join("b6");
    let r = session
        .rebuild(&b6, &[root.join("templates/404.html")], Some(&b5))
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(r.base.is_none() && r.pages.is_none(), "{r:?}");
    assert_eq!(r.chapters.len(), 3);
    assert!(page_of(&b6, "404.html").contains("a template edited while serving"));
    same_as_full_build(&root, &work, &b6, None);

    // a config edit too, and a chapter edit after it patches the new base
    let config = root.join("omweso.yaml");
    replace_in(
        &config,
        "title: My Omweso rulebook",
        "title: A retitled rulebook",
    );
    let b7 = work.join("b7");
    let r = session
        .rebuild(&b7, std::slice::from_ref(&config), Some(&b6))
        .unwrap();
    assert!(r.base.is_none(), "{r:?}");
    assert!(page_of(&b7, "second.html").contains("A retitled rulebook"));
    let second = root.join("content/second.md");
    append(&second, "\nMore words.\n");
    let b8 = work.join("b8");
    let r = session
        .rebuild(&b8, std::slice::from_ref(&second), Some(&b7))
        .unwrap();
    assert_eq!(r.base.as_deref(), Some(b7.as_path()), "{r:?}");
    assert_eq!(r.chapters, ["second"]);
    let b9 = work.join("b9");
    session.rebuild(&b9, &[], Some(&b8)).unwrap();
    same_as_full_build(&root, &work, &b9, Some(&b7));

    // a chapter's title is on every page: the whole site again
    replace_in(&second, "title: Second", "title: The second");
    let b10 = work.join("b10");
    let r = session
        .rebuild(&b10, std::slice::from_ref(&second), Some(&b9))
        .unwrap();
    assert!(r.base.is_none(), "{r:?}");
    assert!(page_of(&b10, "third.html").contains("The second"));

    // a chapter added: the whole site again
    let fourth = root.join("content/fourth.md");
    std::fs::write(&fourth, "---\ntitle: Fourth\norder: 4\n---\n\nNew.\n").unwrap();
    let b11 = work.join("b11");
    let r = session
        .rebuild(&b11, std::slice::from_ref(&fourth), Some(&b10))
        .unwrap();
    assert!(
        r.base.is_none() && b11.join("fourth.html").is_file(),
        "{r:?}"
    );

    // a build that is not the one served is never patched
    append(&fourth, "\nAgain.\n");
    let b12 = work.join("b12");
    let r = session
        .rebuild(&b12, std::slice::from_ref(&fourth), Some(&b10))
        .unwrap();
    assert!(r.base.is_none(), "{r:?}");
}

#[test]
fn a_broken_edit_is_reported_and_what_changed_meanwhile_is_not_lost() {
    let (_tmp, root, work, mut session) = session_of_three_chapters();
    let b1 = work.join("b1");
    session.rebuild(&b1, &[], None).unwrap();

    // a chapter edit that breaks it fails...
    let third = root.join("content/third.md");
    let good = std::fs::read_to_string(&third).unwrap();
    std::fs::write(
        &third,
        good.replace("ref: first-capture", "ref: no-such-position"),
    )
    .unwrap();
    let err = session
        .rebuild(&work.join("b2"), std::slice::from_ref(&third), Some(&b1))
        .unwrap_err();
    let text = format!("{err:?}");
    assert!(
        text.contains("no-such-position") && text.contains("third.md"),
        "{text}"
    );
    // ...and so does the next build, with a template edited
    let template = root.join("templates/404.html");
    std::fs::write(
        &template,
        "{% extends \"base.html\" %}{% block main %}<h1>Lost</h1>{% endblock %}",
    )
    .unwrap();
    let err = session.rebuild(&work.join("b3"), std::slice::from_ref(&template), Some(&b1));
    assert!(err.is_err(), "the chapter is still broken");
    std::fs::write(&third, good.replace("again:", "again, fixed:")).unwrap();
    let b4 = work.join("b4");
    let r = session
        .rebuild(&b4, std::slice::from_ref(&third), Some(&b1))
        .unwrap();
    // the template changed since the last good build: the whole site
    assert!(r.base.is_none(), "{r:?}");
    same_as_full_build(&root, &work, &b4, None);
}

/// `omweso serve`'s build step, as the command sets it up.
fn session_step(root: &Path) -> StepFn {
    let session = Mutex::new(Session::new(root, false));
    Arc::new(move |req: &BuildRequest| {
        let mut session = session.lock().unwrap_or_else(|e| e.into_inner());
        session
            .rebuild(req.out, req.changed, req.served)
            .map(|r| Built {
                summary: r.summary,
                base: r.base,
                pages: r.pages,
                more: r.more,
            })
    })
}

/// A page over http: its status, and the answer with its `date` header
/// left out.
fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    // the `date` header changes by itself from one second to the next:
    // left out, so that two answers of the same page compare equal
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let head: Vec<&str> = head
        .split("\r\n")
        .filter(|l| !l.to_ascii_lowercase().starts_with("date:"))
        .collect();
    (status, format!("{}\r\n\r\n{body}", head.join("\r\n")))
}

/// The first event of a new event stream (`hello`): its data.
fn hello(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        s,
        "GET {} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        serve::EVENTS_PATH
    )
    .unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&got).contains("event: hello")
        || !String::from_utf8_lossy(&got).contains("}\n")
    {
        let n = s.read(&mut buf).unwrap();
        assert!(n > 0, "the stream ended: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

fn eventually(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// The build folders of the work folder, oldest first.
fn builds(work: &Path) -> Vec<PathBuf> {
    let mut all: Vec<(u64, PathBuf)> = std::fs::read_dir(work)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let n = name.strip_prefix("gen-")?.split('-').nth(1)?.parse().ok()?;
            Some((n, e.path()))
        })
        .collect();
    all.sort();
    all.into_iter().map(|(_, p)| p).collect()
}

#[test]
fn serve_shows_an_edit_from_a_patch_and_keeps_the_last_good_page_on_errors() {
    let (tmp, root) = three_chapters();
    let root = root.canonicalize().unwrap();
    let mut opts = ServeOptions::new(&root);
    opts.port = 0;
    opts.verbose = false;
    opts.work_dir = Some(tmp.path().join("work"));
    let server = serve::start_with(opts, session_step(&root)).unwrap();
    let addr = server.addr();
    let work = server.work_dir().to_path_buf();
    let (status, second_before) = get(addr, "/second.html");
    assert_eq!(status, 200, "{second_before}");
    let first = builds(&work);
    assert_eq!(first.len(), 1, "{first:?}");

    // an edit: the page shows it, served from a patch that does not hold
    // the other chapters' pages
    let chapter = root.join("content/introduction.md");
    append(&chapter, "\nServedmarker one.\n");
    eventually("the edit served", || {
        get(addr, "/introduction.html")
            .1
            .contains("Servedmarker one")
    });
    // and the print version, just after
    eventually("the print version", || {
        get(addr, "/print.html").1.contains("Servedmarker one")
    });
    let now = builds(&work);
    assert!(now.contains(&first[0]), "the base is kept: {now:?}");
    let newest = now.last().unwrap();
    assert_ne!(newest, &first[0]);
    let patch = files(newest);
    assert!(!patch.contains_key("second.html"), "{:?}", patch.keys());
    assert!(!patch.contains_key("third.html"), "{:?}", patch.keys());
    assert_eq!(get(addr, "/second.html").1, second_before);
    // files only the base has are served, the 404 page too
    assert_eq!(get(addr, "/assets/omweso.css").0, 200);
    assert_eq!(get(addr, "/").0, 200);
    let (status, body) = get(addr, "/no-such-page.html");
    assert_eq!(status, 404);
    assert!(body.contains("<h1"), "{body}");

    // an edit that breaks the chapter: the last good page stays served,
    // and the errors go to every page
    append(&chapter, "\n```omweso\nref: no-such-position\n```\n");
    eventually("the error", || hello(addr).contains("no-such-position"));
    let page = get(addr, "/introduction.html").1;
    assert!(page.contains("Servedmarker one"), "{page}");
    assert!(!page.contains("no-such-position"), "{page}");

    // fixed: the page shows the fix, the errors are gone
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(
        &chapter,
        text.replace("ref: no-such-position", "ref: first-capture")
            .replace("Servedmarker one", "Servedmarker two"),
    )
    .unwrap();
    eventually("the fix served", || {
        get(addr, "/introduction.html")
            .1
            .contains("Servedmarker two")
    });
    eventually("no errors", || hello(addr).contains("\"errors\":[]"));

    // a template edit: the whole site again, shown
    std::fs::write(
        root.join("templates/404.html"),
        "{% extends \"base.html\" %}{% block main %}<h1>Lost while serving</h1>{% endblock %}",
    )
    .unwrap();
    eventually("the template", || {
        get(addr, "/nowhere.html").1.contains("Lost while serving")
    });
    // from a full build (a patch rendered with the templates it was
    // loaded with would not show it)
    eventually("a full build served last", || {
        let all = builds(&work);
        let newest = all.last().unwrap();
        newest.join("second.html").is_file()
            && std::fs::read_to_string(newest.join("404.html"))
                .is_ok_and(|p| p.contains("Lost while serving"))
    });
    server.shutdown().unwrap();
    assert!(builds(&work).is_empty(), "{:?}", builds(&work));
}
