//! The static site generator end to end: the bundled rulebook, small
//! temporary sites, atomicity, determinism, escaping, init.

use crate::common::{read, repo};
use omweso::model::Kind;
use omweso::site::{self, BuildOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn opts(root: &Path, out: &Path) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        base_url: None,
        drafts: false,
        force: false,
    }
}

/// Every file under `dir`: relative path → bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// Attribute values `name="..."` in an HTML text.
fn attrs<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let pat = format!(" {name}=\"");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(&pat) {
        rest = &rest[i + pat.len()..];
        if let Some(j) = rest.find('"') {
            out.push(&rest[..j]);
            rest = &rest[j..];
        }
    }
    out
}

/// `html` without the contents of its `<script>` elements.
fn outside_scripts(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<script") {
        out.push_str(&rest[..i]);
        match rest[i..].find("</script>") {
            Some(j) => rest = &rest[i + j + "</script>".len()..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

fn new_site(dir: &Path) {
    site::init(dir, false).expect("init");
}

fn build_bundled() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    let report = site::build(&opts(&repo(), &out))
        .unwrap_or_else(|e| panic!("bundled rulebook fails to build:\n{e}"));
    assert!(report.pages > 80, "{report}");
    (tmp, out)
}

#[test]
fn bundled_rulebook_builds_with_every_page_and_resolving_links() {
    let (_tmp, out) = build_bundled();
    for page in [
        "index.html",
        "the-move.html",
        "capturing.html",
        "variants/modern.html",
        "variants/shackell-1935.html",
        "compare.html",
        "glossary.html",
        "positions/capture-basic.html",
        "puzzles/index.html",
        "puzzles/win-now-modern-65d240.html",
        "print.html",
        "404.html",
        "games/index.html",
        "games/demonstration-greedy.html",
        "assets/search-index.js",
        "assets/omweso.css",
        "assets/omweso.js",
        "assets/favicon.svg",
    ] {
        assert!(out.join(page).is_file(), "missing {page}");
    }
    assert!(
        !out.join("sitemap.xml").exists(),
        "no sitemap without a base URL"
    );

    // the-move.html: a multi-frame diagram following the DOM contract.
    let the_move = read(&out, "the-move.html");
    let fig = the_move
        .find("<figure class=\"omweso-diagram\"")
        .expect("a diagram");
    let end = fig + the_move[fig..].find("</figure>").unwrap();
    let figure = &the_move[fig..end];
    assert!(
        figure.matches("<li class=\"frame\"").count() > 1,
        "multi-frame"
    );
    for part in [
        "<ol class=\"frames\">",
        "<svg",
        "role=\"img\"",
        "<title>",
        "<div class=\"frame-words\">",
        "<details class=\"text-twin\">",
        "<div class=\"stepper\" hidden></div>",
    ] {
        assert!(figure.contains(part), "figure lacks {part}");
    }
    // the stepper's controls, hidden without scripts, are the script's
    let script = read(&out, "assets/omweso.js");
    for part in [
        "<button type=\\\"button\\\" class=\\\"prev\\\">",
        "class=\\\"play\\\"",
        "class=\\\"next\\\"",
        "<span class=\\\"frame-status\\\" aria-live=\\\"polite\\\">",
    ] {
        assert!(script.contains(part), "the script lacks {part}");
    }
    // each frame said in words under it: no <desc> to say it again
    assert!(!figure.contains("<desc>"), "a frame said twice");

    // A puzzle page: the solution (with its step-by-step diagram) hidden in <details>.
    let puzzle = read(&out, "puzzles/win-now-modern-65d240.html");
    let sol = puzzle
        .find("<details class=\"solution\">")
        .expect("solution details");
    let sol_end = sol
        + puzzle[sol..]
            .find("</details>\n<nav")
            .expect("end of solution");
    assert!(!puzzle[sol..].starts_with("<details class=\"solution\" open"));
    assert!(puzzle[sol..sol_end].contains("id=\"puzzle-solution\""));
    assert!(!puzzle[..sol].contains("id=\"puzzle-solution\""));
    // The comparison: one row per variant for each compared position.
    let compare = read(&out, "compare.html");
    assert!(compare.contains("id=\"compare-capture-basic\""));
    assert_eq!(compare.matches("<tr><th scope=\"row\">").count() % 4, 0);
    assert!(
        compare.contains("cannot be played under") && !compare.contains("nearest move"),
        "a move some variant forbids, said so, with no other move's numbers"
    );
    // why, rule set by rule set: one reason a row, each linked
    assert_eq!(
        compare.matches("<li data-variant=").count(),
        compare.matches("<tr><th scope=\"row\">").count()
    );
    assert_eq!(
        compare.matches("class=\"compare-why\"").count(),
        compare.matches("<tr><th scope=\"row\">").count()
    );
    // A variant page: parameters, sources and examples.
    let modern = read(&out, "variants/modern.html");
    assert!(modern.contains("<code>reverse_laps</code>") && modern.contains("id=\"examples\""));
    // Glossary anchors per term.
    assert!(read(&out, "glossary.html").contains("<dt id=\"okutebuka\">"));

    // The print version: every chapter once, in a part of a readable
    // size; print.html lists the parts (or is the whole when it fits).
    let print = read(&out, "print.html");
    let parts: Vec<String> = attrs(&print, "href")
        .into_iter()
        .filter(|h| h.starts_with("print-"))
        .map(String::from)
        .collect();
    let printed: Vec<String> = if parts.is_empty() {
        vec![print]
    } else {
        parts.iter().map(|p| read(&out, p)).collect()
    };
    let mut sections = Vec::new();
    for page in &printed {
        assert!(
            page.len() <= 2 << 20,
            "a print page of {} bytes",
            page.len()
        );
        // paper shows no text twins: the chapters' own pages have them
        assert!(!page.contains("class=\"text-twin\""));
        assert!(page.contains("<use href=\"#_"), "frames share their board");
        sections.extend(
            attrs(page, "id")
                .into_iter()
                .filter(|id| id.starts_with("chapter-"))
                .map(String::from),
        );
    }
    let chapters = std::fs::read_dir(repo().join("content"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "md")
        })
        .count();
    assert_eq!(
        sections.len(),
        chapters,
        "every chapter printed once: {sections:?}"
    );
    assert!(sections.contains(&"chapter-the-move".to_string()));

    // Search box and index on every page; the favicon linked everywhere.
    let script = read(&out, "assets/search-index.js");
    let json = script
        .strip_prefix("window.OMWESO_SEARCH_INDEX = ")
        .and_then(|s| s.strip_suffix(";\n"))
        .expect("the index as a script");
    let index: serde_json::Value = serde_json::from_str(json).unwrap();
    let docs = index["d"].as_array().unwrap();
    assert!(docs.iter().any(|d| d["u"] == "the-move.html"));
    let pages: Vec<String> = snapshot(&out)
        .into_keys()
        .filter(|k| k.ends_with(".html"))
        .collect();
    for p in &pages {
        let html = read(&out, p);
        // the printable sheets are paper, without the site's furniture
        let sheet = p.starts_with("puzzles/sheet-");
        assert!(
            sheet || html.contains("id=\"search-input\"") && html.contains("id=\"search-results\""),
            "{p}"
        );
        assert!(html.contains("assets/favicon.svg"), "{p}");
        let ids = attrs(&html, "id");
        let unique: std::collections::BTreeSet<&&str> = ids.iter().collect();
        assert_eq!(ids.len(), unique.len(), "{p}: duplicate ids");
        // Every relative link and asset resolves, anchors included (the
        // addresses a script writes, as 404.html's, are its own: read
        // outside the scripts).
        let html = outside_scripts(&html);
        let base = Path::new(p).parent().unwrap_or(Path::new(""));
        for href in attrs(&html, "href").into_iter().chain(attrs(&html, "src")) {
            if href.contains("://") || href.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = href.split_once('#').unwrap_or((href, ""));
            let target = if path.is_empty() {
                PathBuf::from(p)
            } else if let Some(from_root) = path.strip_prefix('/') {
                // 404.html's links start at the host's root
                assert_eq!(p, "404.html", "{p}: a link from the host's root: {href}");
                PathBuf::from(from_root)
            } else {
                normalize(&base.join(path))
            };
            let file = out.join(&target);
            assert!(
                file.is_file(),
                "{p}: broken link {href} ({})",
                target.display()
            );
            if !anchor.is_empty() {
                let t = std::fs::read_to_string(&file).unwrap();
                assert!(
                    t.contains(&format!("id=\"{anchor}\"")),
                    "{p}: missing anchor {href}"
                );
            }
        }
    }
}

fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

#[test]
fn load_reports_nothing_for_the_bundled_rulebook() {
    let (s, errs) = site::load(&repo(), false);
    assert!(errs.is_empty(), "{errs}");
    assert!(s.chapters.iter().any(|c| c.stem == "the-move"));
    assert!(
        s.all_positions().count() > s.positions.len(),
        "inline blocks count"
    );
    assert!(s.puzzles.len() >= 60);
    assert!(s.glossary.len() > 10);
}

#[test]
fn user_text_is_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let md = root.join("content/introduction.md");
    let text = read(&root, "content/introduction.md").replace(
        "caption: South sows four seeds from pit 5; the last falls into an empty pit and the move ends.",
        "caption: \"<script>alert(1)</script> & <b>bold</b>\"",
    );
    std::fs::write(
        &md,
        text.replace("title: Introduction", "title: \"Intro <i>x</i>\""),
    )
    .unwrap();
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let html = read(&out, "introduction.html");
    assert!(!html.contains("<script>alert(1)"), "unescaped caption");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"));
    assert!(!html.contains("<i>x</i>") && html.contains("Intro &lt;i&gt;x&lt;/i&gt;"));
}

/// A chapter by an author who is not to be trusted.
const HOSTILE_CHAPTER: &str = r#"---
title: "Hostile <script>alert('title')</script>"
order: 20
description: "<img src=x onerror=alert('description')>"
---
# Hostile

<script>alert('block')</script>

<img src=x onerror="alert('img')">

## Title <img src=x onerror="alert('heading')">

## Attributes {onmouseover=alert('attrs')}

[x](javascript:alert('link')) [y](data:text/html,<script>alert('data')</script>) ![z](vbscript:alert('image'))

<a href="javascript:alert('a')">a</a> press <kbd>Ctrl</kbd>

```omweso
ref: first-capture
```
"#;

/// The elements of an HTML text: (name, attributes (name, value as
/// written)), names in lower case; end tags, comments and text left out.
fn elements(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let until = |from: usize, stop: &dyn Fn(char) -> bool| {
        html[from..].find(stop).map_or(html.len(), |e| from + e)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(j) = html[i..].find('<') {
        i += j + 1;
        let e = until(i, &|c: char| !c.is_ascii_alphanumeric());
        if e == i {
            continue;
        }
        let name = html[i..e].to_ascii_lowercase();
        i = e;
        let mut attrs = Vec::new();
        loop {
            i = until(i, &|c: char| !c.is_ascii_whitespace() && c != '/');
            if i >= html.len() || html[i..].starts_with('>') {
                break;
            }
            let e = until(i, &|c: char| c.is_ascii_whitespace() || "=>/".contains(c)).max(i + 1);
            let attr = html[i..e].to_ascii_lowercase();
            i = e;
            let mut value = "";
            if html[i..].starts_with('=') {
                i += 1;
                match html[i..].chars().next() {
                    Some(q @ ('"' | '\'')) => {
                        let e = until(i + 1, &|c| c == q);
                        value = &html[i + 1..e];
                        i = (e + 1).min(html.len());
                    }
                    _ => {
                        let e = until(i, &|c: char| c.is_ascii_whitespace() || c == '>');
                        value = &html[i..e];
                        i = e;
                    }
                }
            }
            attrs.push((attr, value.to_string()));
        }
        out.push((name, attrs));
    }
    out
}

/// What in an HTML text runs script: `<script>` elements other than the
/// templates' own (with `src`), event-handler attributes, `javascript:`,
/// `data:` or `vbscript:` addresses, frames, objects and style sheets.
fn live_script(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (name, attrs) in elements(html) {
        let src = attrs.iter().any(|(a, _)| a == "src");
        if (name == "script" && !src)
            || ["iframe", "object", "embed", "style"].contains(&name.as_str())
        {
            found.push(format!("<{name}>"));
        }
        for (a, v) in &attrs {
            let v = v.trim().to_ascii_lowercase();
            if a.starts_with("on")
                || ["javascript:", "data:", "vbscript:"]
                    .iter()
                    .any(|s| v.starts_with(s))
            {
                found.push(format!("<{name} {a}={v}>"));
            }
        }
    }
    found
}

#[test]
fn the_authors_raw_html_is_sanitized_unless_allowed() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    std::fs::write(root.join("content/hostile.md"), HOSTILE_CHAPTER).unwrap();
    // no HTML at all: only the addresses to refuse
    std::fs::write(
        root.join("content/links.md"),
        "---\ntitle: Links\norder: 30\n---\n# Links\n\n[x](javascript:alert(1)) [y](data:text/html;base64,PHNjcmlwdD5hbGVydCgyKTwvc2NyaXB0Pg==) ![z](vbscript:alert(3)) [w](JaVaScRiPt&#58;alert(4)) <javascript:alert(5)>\n\n[ok](https://e.org) [mail](mailto:a@e.org) [here](#links)\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let r = site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let templates_scripts = read(&out, "introduction.html").matches("<script").count();
    for page in [
        "hostile.html",
        "links.html",
        "print.html",
        "index.html",
        "introduction.html",
    ] {
        let html = read(&out, page);
        assert_eq!(live_script(&html), Vec::<String>::new(), "{page}: {html}");
        assert_eq!(html.matches("<script").count(), templates_scripts, "{page}");
    }
    let html = read(&out, "hostile.html");
    // what is safe stays: formatting, heading text and ids, the diagram
    assert!(html.contains("press <kbd>Ctrl</kbd>"), "{html}");
    assert!(
        html.contains("<h2 id=\"title\">Title <img src=\"x\"></h2>"),
        "{html}"
    );
    assert!(
        html.contains("<h2 id=\"attributes\">Attributes</h2>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"#title\">Title</a>"),
        "table of contents"
    );
    assert!(html.contains("<svg"), "the diagram");
    let links = read(&out, "links.html");
    assert!(
        links.contains("<p>x y z w javascript:alert(5)</p>"),
        "{links}"
    );
    assert!(
        links.contains("<a href=\"https://e.org\">ok</a> <a href=\"mailto:a@e.org\">mail</a> <a href=\"#links\">here</a>"),
        "{links}"
    );
    // front matter is text wherever it is shown
    assert!(html.contains("Hostile &lt;script&gt;alert("), "{html}");
    assert!(html.contains("&lt;img src=x onerror=alert("), "{html}");

    // trusted authors: as written
    let config = root.join("omweso.yaml");
    let yaml = read(&root, "omweso.yaml");
    std::fs::write(&config, format!("{yaml}raw_html: allow\n")).unwrap();
    let r2 = site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r2.pages, r2.diagrams), (r.pages, r.diagrams));
    let html = read(&out, "hostile.html");
    for raw in [
        "<script>alert('block')</script>",
        "<img src=x onerror=\"alert('img')\">",
        "Title <img src=x onerror=\"alert('heading')\"></h2>",
        "onmouseover=\"alert(&#39;attrs&#39;)\"",
        "href=\"javascript:alert(",
        "href=\"data:text/html,",
        "src=\"vbscript:alert(",
        "<a href=\"javascript:alert('a')\">a</a>",
    ] {
        assert!(html.contains(raw), "{raw} in {html}");
    }
    assert!(live_script(&html).len() >= 8, "{:?}", live_script(&html));
    assert_eq!(live_script(&read(&out, "links.html")).len(), 5);
    // the pages without HTML of the author's are the same either way
    let intro = read(&out, "introduction.html");

    // shown as text
    std::fs::write(&config, format!("{yaml}raw_html: escape\n")).unwrap();
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let html = read(&out, "hostile.html");
    assert_eq!(live_script(&html), Vec::<String>::new(), "{html}");
    let links = read(&out, "links.html");
    assert_eq!(live_script(&links), Vec::<String>::new(), "{links}");
    assert!(
        html.contains("&lt;script&gt;alert('block')&lt;/script&gt;"),
        "{html}"
    );
    assert!(html.contains("press &lt;kbd&gt;Ctrl&lt;/kbd&gt;"), "{html}");
    assert_eq!(read(&out, "introduction.html"), intro);

    // a value that is none of these is located
    std::fs::write(&config, format!("{yaml}raw_html: yes\n")).unwrap();
    let errs = site::build(&opts(&root, &out)).unwrap_err();
    let last = yaml.lines().count() + 1;
    assert_eq!(errs.0[0].line, last, "{errs}");
    assert_eq!(errs.0[0].kind, Kind::UnknownValue, "{errs}");
}

#[test]
fn failed_build_is_located_and_leaves_previous_output_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let before = snapshot(&out);
    assert!(before.contains_key("introduction.html"));

    // A bad seed count inside the fenced block, and a broken link.
    let md = root.join("content/introduction.md");
    let text = read(&root, "content/introduction.md");
    let broken = text
        .replace(
            "  - [0, 0, 0, 0, 4, 0, 0, 1]  # South outer",
            "  - [0, 0, 0, 0, four, 0, 0, 1]  # South outer",
        )
        .replace("(#a-first-move)", "(missing.md#nowhere)");
    std::fs::write(&md, &broken).unwrap();
    let errs = site::build(&opts(&root, &out)).unwrap_err();
    let bad_line = broken.lines().position(|l| l.contains("four, 0")).unwrap() + 1;
    let link_line = broken
        .lines()
        .position(|l| l.contains("missing.md"))
        .unwrap()
        + 1;
    assert!(
        errs.0.iter().any(|d| d.file == md
            && d.line == bad_line
            && d.column > 0
            && d.message.contains("seed")),
        "seed error not at {bad_line}: {errs}"
    );
    assert!(
        errs.0
            .iter()
            .any(|d| d.file == md && d.line == link_line && d.kind == Kind::BrokenLink),
        "link error not at {link_line}: {errs}"
    );
    assert_eq!(snapshot(&out), before, "previous output changed");
    // No temporary folders left behind.
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".omweso-"))
        .collect();
    assert!(leftovers.is_empty());
}

/// A rebuild takes the pages that did not change from the output it
/// replaces (linked, not written: same file, same date) and writes the
/// others; it never reads through a link someone left in the output, nor
/// takes files from a folder a build did not write.
#[cfg(unix)]
#[test]
fn a_rebuild_links_unchanged_pages_and_writes_the_rest() {
    use std::os::unix::fs::MetadataExt;
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let ino = |rel: &str| std::fs::symlink_metadata(out.join(rel)).unwrap().ino();
    let first = snapshot(&out);
    // every file but the build's mark (written first, before any page)
    let inodes: BTreeMap<String, u64> = first
        .keys()
        .filter(|k| *k != site::OUTPUT_MARKER)
        .map(|k| (k.clone(), ino(k)))
        .collect();
    assert!(inodes.len() > 20, "{} files", inodes.len());

    // Nothing changed: every file is the one written before.
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(snapshot(&out), first);
    let kept = inodes.iter().filter(|(k, i)| ino(k) == **i).count();
    assert_eq!(kept, inodes.len(), "of {} files", inodes.len());

    // One chapter edited, one page altered by hand in the output, one
    // replaced by a link to a file outside the output.
    let md = root.join("content/introduction.md");
    let text = read(&root, "content/introduction.md");
    std::fs::write(&md, format!("{text}\nA sentence added.\n")).unwrap();
    let other = first
        .keys()
        .find(|k| k.ends_with(".html") && !k.contains("introduction") && !k.starts_with("print"))
        .unwrap()
        .clone();
    std::fs::write(out.join(&other), "edited by hand").unwrap();
    let linked = "index.html";
    assert_ne!(other, linked);
    let outside = tmp.path().join("outside.html");
    std::fs::write(&outside, &first[linked]).unwrap();
    std::fs::remove_file(out.join(linked)).unwrap();
    std::os::unix::fs::symlink(&outside, out.join(linked)).unwrap();
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let second = snapshot(&out);
    assert!(read(&out, "introduction.html").contains("A sentence added."));
    assert_ne!(ino("introduction.html"), inodes["introduction.html"]);
    assert_eq!(second[&other], first[&other], "the hand edit is not undone");
    assert_ne!(ino(&other), inodes[&other]);
    assert!(
        std::fs::symlink_metadata(out.join(linked))
            .unwrap()
            .is_file()
    );
    assert_eq!(second[linked], first[linked]);
    assert_ne!(ino(linked), std::fs::metadata(&outside).unwrap().ino());
    // the pages the edit changed (the chapter, its neighbours' and the
    // print part, the search index…) are new; the rest kept
    let changed: Vec<&String> = inodes.keys().filter(|k| second[*k] != first[*k]).collect();
    let kept = inodes
        .iter()
        .filter(|(k, i)| second.contains_key(*k) && ino(k) == **i)
        .count();
    assert!(!changed.is_empty());
    assert_eq!(
        kept + changed.len() + 2,
        inodes.len(),
        "changed: {changed:?}"
    );

    // An output a build did not write (taken over by --force) gives nothing.
    let forced = tmp.path().join("forced");
    std::fs::create_dir_all(&forced).unwrap();
    std::fs::write(forced.join("index.html"), &second["index.html"]).unwrap();
    let before = std::fs::metadata(forced.join("index.html")).unwrap().ino();
    let mut o = opts(&root, &forced);
    o.force = true;
    site::build(&o).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(
        std::fs::metadata(forced.join("index.html")).unwrap().ino(),
        before
    );
}

#[test]
fn unknown_ref_and_duplicate_id_and_bad_anchor_are_located() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let md = root.join("content/introduction.md");
    let text = read(&root, "content/introduction.md")
        .replace("ref: first-capture", "ref: no-such-position")
        .replace("(#a-first-move)", "(introduction.md#no-such-heading)")
        .replace(
            "title: A first move",
            "id: first-capture\ntitle: A first move",
        );
    std::fs::write(&md, &text).unwrap();
    let (_, errs) = site::load(&root, false);
    let line_of = |s: &str| text.lines().position(|l| l.contains(s)).unwrap() + 1;
    let has = |line: usize, kind: Kind| {
        errs.0
            .iter()
            .any(|d| d.file == md && d.line == line && d.kind == kind)
    };
    assert!(has(line_of("ref: no-such"), Kind::UnknownRef), "{errs}");
    assert!(
        has(line_of("#no-such-heading"), Kind::BrokenAnchor),
        "{errs}"
    );
    assert!(errs.0.iter().any(|d| d.kind == Kind::DuplicateId), "{errs}");
}

#[test]
fn builds_are_deterministic() {
    let tmp = tempfile::tempdir().unwrap();
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    site::build(&opts(&repo(), &a)).unwrap();
    site::build(&opts(&repo(), &b)).unwrap();
    let (sa, sb) = (snapshot(&a), snapshot(&b));
    assert_eq!(sa.keys().collect::<Vec<_>>(), sb.keys().collect::<Vec<_>>());
    for (k, v) in &sa {
        assert!(v == &sb[k], "{k} differs between two builds");
    }
}

#[test]
fn init_then_build_works_and_init_refuses_non_empty() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("new");
    new_site(&root);
    let out = root.join("public");
    let r = site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.diagrams >= 2, "{r}");
    for p in [
        "introduction.html",
        "positions/first-capture.html",
        "puzzles/win-now-modern-65d240.html",
        "compare.html",
    ] {
        assert!(out.join(p).is_file(), "{p}");
    }
    let e = site::init(&root, false).unwrap_err();
    assert!(matches!(e, site::InitError::NotEmpty(_)), "{e}");
    assert!(e.to_string().contains("not empty"), "{e}");
    site::init(&root, true).expect("--force");
}

#[test]
fn sitemap_with_base_url() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let out = tmp.path().join("out");
    let mut o = opts(&root, &out);
    o.base_url = Some("https://example.org/rules/".into());
    site::build(&o).unwrap();
    let map = read(&out, "sitemap.xml");
    assert!(
        map.contains("<loc>https://example.org/rules/</loc>"),
        "{map}"
    );
    assert!(map.contains("<loc>https://example.org/rules/introduction.html</loc>"));
    assert!(!map.contains("404.html"));
    // 404.html, served at any depth: absolute links with a base URL, links
    // from the host's root without
    let page = read(&out, "404.html");
    assert!(
        page.contains("href=\"https://example.org/rules/assets/omweso.css\""),
        "{page}"
    );
    site::build(&opts(&root, &out)).unwrap();
    let page = read(&out, "404.html");
    assert!(page.contains("href=\"/assets/omweso.css\""), "{page}");
    assert!(read(&out, "index.html").contains("href=\"assets/omweso.css\""));
}

#[test]
fn template_override_is_used() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    std::fs::write(
        root.join("templates/404.html"),
        "{% extends \"base.html\" %}{% block main %}<h1>Lost in the pits</h1>{% endblock main %}",
    )
    .unwrap();
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap();
    let html = read(&out, "404.html");
    assert!(html.contains("<h1>Lost in the pits</h1>"));
    assert!(
        html.contains("id=\"search-input\""),
        "still extends the default layout"
    );
    // The bundled rulebook's own override of the home page.
    let (_tmp, bundled) = build_bundled();
    assert!(read(&bundled, "index.html").contains("A move, step by step"));
    // and of the game page, which extends the built-in one
    // (builtin/game.html) and fills only its blocks intro and outro
    let game = read(&bundled, "games/first-game.html");
    assert!(game.contains("Learn to play in ten minutes"), "the intro");
    assert!(game.contains("Next, step 3"), "the outro");
    assert!(
        game.contains("id=\"moves\""),
        "the built-in page around them"
    );
    assert!(!read(&bundled, "games/demonstration-greedy.html").contains("Next, step 3"));
}

#[test]
fn template_error_is_reported_with_its_file() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    std::fs::write(
        root.join("templates/index.html"),
        "{% extends \"base.html\" %}{% block main %}{{ oops( }}{% endblock main %}",
    )
    .unwrap();
    let errs = site::build(&opts(&root, &tmp.path().join("out"))).unwrap_err();
    assert!(errs.0[0].file.ends_with("templates/index.html"), "{errs}");
}

#[test]
fn drafts_are_left_out_unless_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    std::fs::write(
        root.join("content/later.md"),
        "---\ntitle: Later\norder: 20\ndraft: true\n---\n# Later\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap();
    assert!(!out.join("later.html").exists());
    let mut o = opts(&root, &out);
    o.drafts = true;
    site::build(&o).unwrap();
    assert!(out.join("later.html").exists());
}

#[test]
fn glossary_page_snapshot() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap();
    insta::assert_snapshot!("init_site_glossary", read(&out, "glossary.html"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Any chapter text scans and renders without panicking, and every
    /// fenced block found is at a line of the text.
    #[test]
    fn markdown_never_panics(body in "(---\ntitle: t\n---\n)?([#`<>/=\"!*\\[\\]()a-z0-9.:\n -]{0,300})") {
        let scan = site::scan_markdown(&body);
        let lines = body.lines().count().max(1);
        for b in &scan.blocks {
            proptest::prop_assert!(b.line >= 1 && b.line <= lines);
        }
        for l in &scan.links {
            proptest::prop_assert!(l.line >= 1 && l.line <= lines);
        }
        let page = site::MarkdownTarget::Page { root: "" };
        for raw_html in [site::RawHtml::Sanitize, site::RawHtml::Allow, site::RawHtml::Escape] {
            let r = site::render_markdown(&body, &page, raw_html, &|l| format!("<figure>{l}</figure>"));
            if let Err(h) = r {
                proptest::prop_assert_eq!(raw_html, site::RawHtml::Sanitize);
                proptest::prop_assert!(h.line >= 1 && h.line <= body.split('\n').count());
            }
        }
    }
}

#[test]
fn build_never_replaces_a_folder_it_did_not_write() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let sources = snapshot(&root);

    // An unrelated, non-empty folder is refused, and left as it was.
    let other = tmp.path().join("photos");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("MARKER.txt"), "keep me").unwrap();
    let errs = site::build(&opts(&root, &other)).unwrap_err();
    assert!(
        errs.0[0].message.contains("not written by omweso")
            && errs.0[0].message.contains("--force"),
        "{errs}"
    );
    assert_eq!(read(&other, "MARKER.txt"), "keep me");

    // The site's own folders are refused, even with --force; nothing of the
    // site is touched.
    for dir in [
        "content",
        "puzzles",
        "templates",
        "static",
        "content/positions",
        ".",
    ] {
        let mut o = opts(&root, &root.join(dir));
        o.force = true;
        let errs = site::build(&o).unwrap_err();
        assert!(
            errs.0[0].message.contains("choose another --out"),
            "{dir}: {errs}"
        );
    }
    let mut o = opts(&root, tmp.path());
    o.force = true;
    assert!(site::build(&o).is_err(), "a folder holding the site");
    assert_eq!(snapshot(&root), sources, "the site's files changed");

    // A new or empty folder is fine, and carries the marker; a second build
    // replaces it without --force.
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    site::build(&opts(&root, &empty)).unwrap_or_else(|e| panic!("{e}"));
    assert!(empty.join(site::OUTPUT_MARKER).is_file());
    site::build(&opts(&root, &empty)).unwrap_or_else(|e| panic!("{e}"));

    // --force replaces the unrelated folder, as asked.
    let mut o = opts(&root, &other);
    o.force = true;
    site::build(&o).unwrap_or_else(|e| panic!("{e}"));
    assert!(!other.join("MARKER.txt").exists());
    assert!(other.join("index.html").is_file());
}

#[test]
fn build_removes_what_killed_builds_left_behind() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let out = tmp.path().join("out");
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    // A process id that is not running (beyond Linux's pid_max), and this
    // test's own parent's, which is.
    let dead = tmp.path().join(".omweso-build-4294967294-out");
    let old = tmp.path().join(".omweso-old-4294967293-out");
    let unmarked = tmp.path().join(".omweso-old-4294967292-out");
    let other_site = tmp.path().join(".omweso-build-4294967294-elsewhere");
    let live = tmp.path().join(format!(
        ".omweso-build-{}-out",
        std::os::unix::process::parent_id()
    ));
    for d in [&dead, &old, &unmarked, &other_site, &live] {
        std::fs::create_dir_all(d).unwrap();
        std::fs::write(d.join("index.html"), "x").unwrap();
        if d != &unmarked {
            std::fs::write(d.join(site::OUTPUT_MARKER), "x").unwrap();
        }
    }
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !dead.exists() && !old.exists(),
        "leftovers of a dead build stay"
    );
    assert!(
        unmarked.join("index.html").is_file(),
        "a folder omweso did not write was removed"
    );
    assert!(
        other_site.exists(),
        "another output's leftovers were removed"
    );
    assert!(
        live.exists(),
        "a running process's build folder was removed"
    );
}

/// A build killed between moving the previous output aside and moving the
/// new one in leaves the output beside its place; the next build, even a
/// failing one, puts it back first and loses nothing. (The kill itself, by
/// a signal in that window, is `omweso-cli`'s `data_loss` test.)
#[test]
fn a_build_killed_between_its_renames_loses_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let out = tmp.path().join("public");
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    let before = snapshot(&out);
    // what the kill leaves: the output moved aside by a process now gone
    let aside = tmp.path().join(".omweso-old-4294967294-public");
    std::fs::rename(&out, &aside).unwrap();
    // a failing build
    let config = root.join("omweso.yaml");
    let good = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{good}colour: red\n")).unwrap();
    let errs = site::build(&opts(&root, &out)).unwrap_err();
    assert!(errs.0.iter().any(|d| d.kind == Kind::UnknownKey), "{errs}");
    assert_eq!(snapshot(&out), before, "the previous output is not back");
    assert!(!aside.exists());
    // and a good build after it replaces it as usual
    std::fs::write(&config, good).unwrap();
    site::build(&opts(&root, &out)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(snapshot(&out), before);
}

/// `--force` replaces a folder omweso did not write, but never a home
/// folder, one holding `.git` or the current folder, or one inside the site.
#[test]
fn force_never_empties_a_home_a_repository_or_the_site() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let repo = tmp.path().join("repo");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    std::fs::write(repo.join("notes.txt"), "keep").unwrap();
    let docs = root.join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(docs.join("guide.md"), "keep").unwrap();
    for (dir, why) in [(&repo, "holds a .git folder"), (&docs, "inside the site")] {
        let mut o = opts(&root, dir);
        o.force = true;
        let errs = site::build(&o).unwrap_err();
        assert!(errs.to_string().contains(why), "{}: {errs}", dir.display());
    }
    assert_eq!(read(&repo, "notes.txt"), "keep");
    assert_eq!(read(&docs, "guide.md"), "keep");
    // a home folder (the one of the running user)
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    if let Some(home) = home.filter(|h| h.is_dir() && h.parent().is_some()) {
        let mut o = opts(&root, &home);
        o.force = true;
        let errs = site::build(&o).unwrap_err();
        assert!(errs.to_string().contains("home folder"), "{errs}");
    }
}

/// A build reports its pages to the caller's progress (the command draws
/// its bar from that; the library draws nothing).
#[test]
fn a_build_reports_progress_page_by_page() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    #[derive(Default)]
    struct Count {
        total: AtomicUsize,
        done: AtomicUsize,
        finished: AtomicUsize,
    }
    impl site::Progress for Count {
        fn pages(&self, pages: usize) {
            self.total.store(pages, Ordering::SeqCst);
        }
        fn page_done(&self) {
            self.done.fetch_add(1, Ordering::SeqCst);
        }
        fn finished(&self) {
            self.finished.fetch_add(1, Ordering::SeqCst);
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let count = Count::default();
    let report = site::build_with(&opts(&root, &tmp.path().join("out")), &count).unwrap();
    assert_eq!(count.total.load(Ordering::SeqCst), report.pages);
    assert_eq!(count.done.load(Ordering::SeqCst), report.pages);
    assert_eq!(count.finished.load(Ordering::SeqCst), 1);
}

/// The chapter stems listed in a page's sidebar, and its list's `start`.
fn sidebar_of(html: &str) -> (Vec<String>, Option<String>) {
    let nav = &html[html.find("<nav class=\"sidebar\"").unwrap()..];
    let list = &nav[nav.find("<ol class=\"chapter-list\"").unwrap()..nav.find("</ol>").unwrap()];
    let start = attrs(list, "start").first().map(|s| s.to_string());
    let stems = attrs(list, "href")
        .iter()
        .map(|h| h.trim_end_matches(".html").to_string())
        .collect();
    (stems, start)
}

#[test]
fn a_large_sites_sidebar_lists_the_chapters_around_the_page() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    let chapters = site::SIDEBAR_ALL + 20;
    for i in 0..chapters {
        std::fs::write(
            root.join(format!("content/c{i:03}.md")),
            format!(
                "---\ntitle: Chapter {i}\norder: {}\n---\n\nText {i}.\n",
                i + 10
            ),
        )
        .unwrap();
    }
    let out = tmp.path().join("public");
    site::build(&opts(&root, &out)).unwrap();
    let html = read(&out, "c040.html");
    let (stems, start) = sidebar_of(&html);
    // the page's own chapter in the middle of its neighbours, numbered as
    // in the whole list
    let own = stems
        .iter()
        .position(|s| s == "c040")
        .expect("own chapter listed");
    assert_eq!(stems.len(), 17, "{stems:?}");
    assert_eq!(own, 8, "{stems:?}");
    let first = start.expect("a numbered window").parse::<usize>().unwrap();
    let index = read(&out, "index.html");
    let contents = &index[index.find("id=\"contents\"").unwrap()..];
    let all: Vec<&str> = attrs(contents, "href");
    assert_eq!(all[first - 1], format!("{}.html", stems[0]), "numbering");
    assert!(
        html.contains("<a href=\"index.html#contents\">All "),
        "link to every chapter"
    );
    // other pages list the first chapters; every page stays small
    let glossary = read(&out, "glossary.html");
    let (g, gstart) = sidebar_of(&glossary);
    assert_eq!((g.len(), gstart), (17, None));
    // a small site lists every chapter everywhere, with no link
    let small = tempfile::tempdir().unwrap();
    let sroot = small.path().join("site");
    new_site(&sroot);
    let sout = small.path().join("public");
    site::build(&opts(&sroot, &sout)).unwrap();
    let page = read(&sout, "glossary.html");
    let (s, sstart) = sidebar_of(&page);
    assert!(!s.is_empty() && sstart.is_none());
    assert!(!page.contains("class=\"sidebar-all\""));
}

/// A rulebook too long for one print page prints chapter by chapter from
/// the chapters' own pages (`print.html` lists them, the output holds each
/// chapter once), unless `print: parts` asks for the whole in parts.
#[test]
fn a_long_rulebook_prints_by_chapter_unless_asked_for_parts() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    new_site(&root);
    // five chapters of about 400 KB each: 2 MB, over one print page
    let line = "Seeds are sown anticlockwise, one a pit, and a relay goes on. ".repeat(8);
    for i in 0..5 {
        let body: String = (0..800).map(|k| format!("{line}{k}\n\n")).collect();
        std::fs::write(
            root.join(format!("content/long{i}.md")),
            format!("---\ntitle: Long {i}\norder: {}\n---\n\n{body}", i + 10),
        )
        .unwrap();
    }
    let out = tmp.path().join("public");
    site::build(&opts(&root, &out)).unwrap();
    let print = read(&out, "print.html");
    assert!(print.contains("class=\"print-by-chapter\""), "{print}");
    let listed: Vec<&str> = attrs(&print[print.find("print-by-chapter").unwrap()..], "href")
        .into_iter()
        .take_while(|h| !h.starts_with("index.html"))
        .collect();
    for i in 0..5 {
        assert!(
            listed.contains(&format!("long{i}.html").as_str()),
            "{listed:?}"
        );
    }
    assert!(!print.contains("class=\"print-chapter\""));
    let files = snapshot(&out);
    assert!(
        !files.keys().any(|k| k.starts_with("print-")),
        "no print parts: {:?}",
        files
            .keys()
            .filter(|k| k.starts_with("print"))
            .collect::<Vec<_>>()
    );

    // asked for parts: the whole rulebook again, each chapter once, in
    // parts listed on print.html
    let config = std::fs::read_to_string(root.join("omweso.yaml")).unwrap();
    std::fs::write(root.join("omweso.yaml"), format!("{config}print: parts\n")).unwrap();
    let out2 = tmp.path().join("public2");
    site::build(&opts(&root, &out2)).unwrap();
    let print = read(&out2, "print.html");
    let parts: Vec<&str> = attrs(&print, "href")
        .into_iter()
        .filter(|h| h.starts_with("print-"))
        .collect();
    assert!(parts.len() >= 2, "{parts:?}");
    let mut sections = Vec::new();
    for p in &parts {
        let page = read(&out2, p);
        sections.extend(
            attrs(&page, "id")
                .into_iter()
                .filter(|id| id.starts_with("chapter-long"))
                .map(String::from),
        );
    }
    sections.sort();
    assert_eq!(
        sections,
        (0..5)
            .map(|i| format!("chapter-long{i}"))
            .collect::<Vec<_>>()
    );
}

/// A puzzle's board is turned to the solver (North's seat when North is
/// to move, unless the file says `seat:`), and its page carries every legal
/// move's verdict for the reader to play against: exactly the verifier's.
#[test]
fn puzzles_face_the_solver_and_carry_every_moves_verdict() {
    use omweso::engine::Side;
    use omweso::puzzle::Goal;
    let (_tmp, out) = build_bundled();
    let (model, _) = site::load(&repo(), false);
    let mut north = 0;
    let (mut what_happens, mut lines) = (0, 0);
    for p in &model.puzzles {
        let page = read(&out, &format!("puzzles/{}.html", p.id));
        let start = &page[page.find("id=\"puzzle-start\"").expect("the start figure")..];
        // the top-left pit's number: N8 seen from South, S8 from North
        let label = start
            .split("class=\"omw-pitno\"")
            .nth(1)
            .and_then(|t| t.split('>').nth(1))
            .and_then(|t| t.split('<').next())
            .map(str::trim)
            .expect("pit numbers");
        if p.doc.position.to_move == Side::North {
            north += 1;
        }
        assert_eq!(p.seat(), p.doc.position.to_move, "{}", p.id);
        let want = if p.seat() == Side::North { "S8" } else { "N8" };
        assert_eq!(label, want, "{}: the board's seat", p.id);
        let data = page
            .split("<script type=\"application/json\" id=\"puzzle-data\">")
            .nth(1);
        let data: serde_json::Value =
            serde_json::from_str(data.unwrap().split("</script>").next().unwrap()).unwrap();
        if p.goal == Goal::WhatHappens {
            // the answers offered, the right one what the move's trace does
            assert!(data["attempts"].as_array().unwrap().is_empty(), "{}", p.id);
            let choices = data["choices"].as_array().unwrap();
            assert_eq!(choices.len(), omweso::puzzle::CHOICES, "{}", p.id);
            let right: Vec<&serde_json::Value> =
                choices.iter().filter(|c| c["right"] == true).collect();
            assert_eq!(right.len(), 1, "{}", p.id);
            assert_eq!(
                right[0]["text"],
                omweso::puzzle::Outcome::of(&p.played.end).words(),
                "{}",
                p.id
            );
            what_happens += 1;
            continue;
        }
        // a line (win in two or three): each reply's board after it, from
        // the same seat, to play the next move on
        for (k, c) in p.continuations.iter().enumerate() {
            let turn = &page[page
                .find(&format!("id=\"puzzle-turn-{k}\""))
                .expect("the board after the reply")..];
            let label = turn
                .split("class=\"omw-pitno\"")
                .nth(1)
                .and_then(|t| t.split('>').nth(1))
                .and_then(|t| t.split('<').next())
                .map(str::trim);
            assert_eq!(
                label,
                Some(want),
                "{}: the seat after {}",
                p.id,
                c.reply_with_side
            );
            assert_eq!(
                data["line"][k]["reply"],
                c.reply_with_side.as_str(),
                "{}",
                p.id
            );
            assert!(
                page.contains(&format!("id=\"puzzle-reply-{k}\"")),
                "{}",
                p.id
            );
            lines += 1;
        }
        let attempts = data["attempts"].as_array().unwrap();
        let legal = omweso::engine::legal_moves(&p.doc.variant.variant.rules, &p.doc.position);
        assert_eq!(attempts.len(), legal.len(), "{}", p.id);
        for (a, m) in attempts.iter().zip(&legal) {
            let n = omweso::engine::notation::format(&m.mv);
            assert_eq!(a["move"], n.as_str(), "{}", p.id);
            // the solution's end, and only it, achieves the goal
            let same_end = match (&m.end, &p.played.end) {
                (omweso::engine::MoveEnd::Finished(f), omweso::engine::MoveEnd::Finished(g)) => {
                    f.board == g.board
                }
                _ => m.mv.pit == p.played.mv.pit && m.end.is_never_ending(),
            };
            assert_eq!(a["ok"], same_end, "{} {n}", p.id);
        }
    }
    assert!(north > 5, "{north} puzzles with North to move");
    // the bundled set: 37 "what happens?", one win in two with one reply
    // and one win in three with four (its replies and the second turn's)
    assert_eq!((what_happens, lines), (37, 5));
    // the sheet of each rule set, linked from the index, with all its
    // puzzles and their answers
    let mut per_variant: std::collections::BTreeMap<&str, usize> = Default::default();
    for p in &model.puzzles {
        *per_variant.entry(p.variant.as_str()).or_default() += 1;
    }
    let index = read(&out, "puzzles/index.html");
    for (v, n) in &per_variant {
        assert!(index.contains(&format!("href=\"sheet-{v}.html\"")), "{v}");
        let sheet = read(&out, &format!("puzzles/sheet-{v}.html"));
        assert_eq!(sheet.matches("<div class=\"puzzle\"").count(), *n, "{v}");
        assert_eq!(sheet.matches("<tr><td>").count(), *n, "{v}");
        // the site's fonts, not a copy of them in every sheet
        assert!(!sheet.contains("base64"), "{v}");
        assert!(sheet.contains("url(\"../assets/fonts/source-sans-3-latin-400-normal.woff\")"));
    }
    assert_eq!(per_variant.len(), 4);
    // readers tell puzzles apart by their titles; the index lists each
    // puzzle once, with its thumbnail and what to filter it by
    let titles: std::collections::BTreeSet<&str> =
        model.puzzles.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(titles.len(), model.puzzles.len(), "titles not unique");
    let index = read(&out, "puzzles/index.html");
    for p in &model.puzzles {
        assert_eq!(
            index.matches(&format!("href=\"{}.html\"", p.id)).count(),
            1,
            "{} listed more than once",
            p.id
        );
        assert!(index.contains(&format!(
            "data-id=\"{}\" data-goal=\"{}\"",
            p.id,
            p.goal.name()
        )));
    }
    assert_eq!(
        index.matches("class=\"mini-board").count(),
        model.puzzles.len()
    );
    // the home page's links to a goal land on its first puzzle
    let home = read(&out, "index.html");
    for part in home.split("href=\"puzzles/index.html#").skip(1) {
        let anchor = part.split('"').next().unwrap();
        assert!(index.contains(&format!("id=\"{anchor}\"")), "#{anchor}");
    }
}
