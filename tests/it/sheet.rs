//! Printable puzzle sheets: one rule set by default, hints off or on a page
//! of their own, the heading's instruction and name/date line, every pit
//! named above its circle, an answer key that is one table of whole
//! sentences, no text outside the page or on another, and a PDF that
//! renders non-blank pages in the shipped font.

use crate::common::shipped;
use omweso::puzzle::{Goal, Puzzle};
use omweso::puzzle::{
    Paper, SHEET_INSTRUCTION, SheetError, SheetFonts, SheetHints, SheetOptions, answer_text,
    one_rule_set, select_puzzles, sheet_html, sheet_page_svgs, sheet_pdf,
};
use resvg::usvg;

fn fonts() -> SheetFonts {
    SheetFonts::shipped().expect("the shipped font decodes")
}

/// Collapse runs of whitespace, for comparing text set in lines.
fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Undo the SVG's escaping of a text.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every `<text …>content</text>` of an SVG fragment: (attributes, content).
fn texts(svg: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(a) = rest.find("<text ") {
        let tail = &rest[a + 6..];
        let gt = tail.find('>').unwrap();
        let end = tail.find("</text>").unwrap();
        out.push((tail[..gt].to_string(), unescape(&tail[gt + 1..end])));
        rest = &tail[end..];
    }
    out
}

/// A numeric attribute of an element's attribute text.
fn attr(attrs: &str, name: &str) -> f32 {
    let key = format!(" {name}=\"");
    let a = format!(" {attrs}")
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in {attrs}"))
        + key.len()
        - 1;
    let v = &attrs[a..];
    v[..v.find('"').unwrap()].parse().unwrap()
}

/// The boards of a page: each `<g class="board"…>` with the diagram
/// inside it, up to the diagram's `</svg>`.
fn boards(svg: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(a) = rest.find("<g class=\"board\"") {
        let tail = &rest[a..];
        let end = tail.find("</svg>").unwrap();
        out.push(&tail[..end]);
        rest = &tail[end..];
    }
    out
}

/// The parts of a page between `<g class="CLASS"…>` and its `</g>`.
fn groups<'a>(svg: &'a str, class: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("<g class=\"{class}\"");
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(a) = rest.find(&open) {
        let tail = &rest[a..];
        let gt = tail.find('>').unwrap();
        let end = tail.find("</g>").unwrap();
        out.push((&tail[..gt], &tail[gt + 1..end]));
        rest = &tail[end..];
    }
    out
}

#[test]
fn a_sheet_is_of_one_rule_set_unless_asked() {
    let all = shipped();
    let sets: std::collections::BTreeSet<&str> = all.iter().map(|p| p.variant.as_str()).collect();
    assert!(sets.len() > 1);
    // several rule sets and no default: the caller is asked to choose
    let e = one_rule_set(all.clone(), None, None).unwrap_err();
    assert!(matches!(e, SheetError::MixedRuleSets { .. }), "{e}");
    for s in &sets {
        assert!(e.to_string().contains(s), "{e}");
    }
    assert!(e.to_string().contains("--variant"), "{e}");
    // the site's default
    let modern = one_rule_set(all.clone(), None, Some("modern")).unwrap();
    assert!(!modern.is_empty() && modern.iter().all(|p| p.variant == "modern"));
    assert_eq!(
        modern.len(),
        all.iter().filter(|p| p.variant == "modern").count()
    );
    // a selection of one rule set keeps it, whatever the site's default
    let shackell = select_puzzles(all.clone(), "shackell-1935").unwrap();
    let kept = one_rule_set(shackell.clone(), None, Some("modern")).unwrap();
    assert_eq!(kept.len(), shackell.len());
    // asked for: one, or all
    let ludii = one_rule_set(all.clone(), Some("ludii"), Some("modern")).unwrap();
    assert!(ludii.iter().all(|p| p.variant == "ludii"));
    assert_eq!(
        one_rule_set(all.clone(), Some("all"), Some("modern"))
            .unwrap()
            .len(),
        all.len()
    );
    let e = one_rule_set(shackell, Some("ludii"), None).unwrap_err();
    assert!(matches!(e, SheetError::NoneOfRuleSet { .. }), "{e}");
    // the default options print no hints
    assert_eq!(SheetOptions::default().hints, SheetHints::Off);
}

#[test]
fn hints_are_off_by_default_and_on_their_own_page_when_asked() {
    let puzzles: Vec<Puzzle> = one_rule_set(shipped(), Some("shackell-1935"), None)
        .unwrap()
        .into_iter()
        .filter(|p| p.hint.is_some())
        .take(7)
        .collect();
    assert_eq!(puzzles.len(), 7);
    let fonts = fonts();
    let hint_words: Vec<String> = puzzles
        .iter()
        .map(|p| words(p.hint.as_ref().unwrap()))
        .collect();
    let page_text = |svg: &str| {
        words(
            &texts(svg)
                .into_iter()
                .map(|t| t.1)
                .collect::<Vec<_>>()
                .join(" "),
        )
    };

    let off = SheetOptions::default();
    let pages = sheet_page_svgs(&puzzles, &off, &fonts);
    // three puzzles a page: 3 pages, then the key
    assert_eq!(pages.len(), 4);
    for (i, page) in pages.iter().enumerate() {
        let text = page_text(page);
        assert!(!text.contains("— hints"), "page {i}");
        for h in &hint_words {
            assert!(!text.contains(h.as_str()), "page {i} prints the hint {h:?}");
        }
    }
    let html = sheet_html(&puzzles, &off);
    assert!(!html.contains("class=\"hints"));
    for p in &puzzles {
        assert!(!html.contains(&omweso::diagram::escape(p.hint.as_ref().unwrap())));
    }

    let on = SheetOptions {
        hints: SheetHints::Page,
        ..SheetOptions::default()
    };
    let pages = sheet_page_svgs(&puzzles, &on, &fonts);
    assert_eq!(pages.len(), 5);
    let kinds: Vec<&str> = pages
        .iter()
        .map(|p| {
            let t = page_text(p);
            if t.contains("— hints") {
                "hints"
            } else if t.contains("— answers") {
                "answers"
            } else {
                "puzzles"
            }
        })
        .collect();
    assert_eq!(kinds, ["puzzles", "puzzles", "puzzles", "hints", "answers"]);
    let hints_page = page_text(&pages[3]);
    for (i, h) in hint_words.iter().enumerate() {
        // numbered as its puzzle, the whole hint
        assert!(
            hints_page.contains(&format!("{}. {h}", i + 1)),
            "{h:?} in {hints_page}"
        );
    }
    for page in pages.iter().take(3).chain(pages.iter().skip(4)) {
        let text = page_text(page);
        for h in &hint_words {
            assert!(!text.contains(h.as_str()));
        }
    }
    let html = sheet_html(&puzzles, &on);
    let a = html.find("<section class=\"hints").unwrap();
    assert!(html.rfind("<div class=\"puzzle\"").unwrap() < a);
    assert!(a < html.find("<section class=\"answers\"").unwrap());
}

#[test]
fn puzzle_pages_say_how_to_answer_and_name_every_pit_above_it() {
    let all = shipped();
    let mut puzzles: Vec<Puzzle> = all.iter().take(6).cloned().collect();
    puzzles.extend(
        all.iter()
            .filter(|p| p.goal == Goal::WhatHappens)
            .take(3)
            .cloned(),
    );
    let fonts = fonts();
    let opts = SheetOptions {
        hints: SheetHints::Page,
        ..SheetOptions::default()
    };
    let pages = sheet_page_svgs(&puzzles, &opts, &fonts);
    for page in pages.iter().take(3) {
        let text = words(
            &texts(page)
                .into_iter()
                .map(|t| t.1)
                .collect::<Vec<_>>()
                .join(" "),
        );
        assert!(text.contains(&words(SHEET_INSTRUCTION)), "{text}");
        assert!(text.contains("Name") && text.contains("Date"));
    }
    let boards: Vec<&str> = pages.iter().flat_map(|p| boards(p)).collect();
    assert_eq!(boards.len(), puzzles.len());
    for (p, board) in puzzles.iter().zip(boards) {
        // the diagram crate's board, in its sheet layout
        assert!(board.contains("<svg class=\"omw-diagram\""), "{}", p.id);
        let names: Vec<(String, String)> = texts(board)
            .into_iter()
            .filter(|(a, _)| a.contains("class=\"omw-pitname"))
            .map(|(a, t)| (a, t.trim().to_string()))
            .collect();
        let mut seen: Vec<&str> = names.iter().map(|(_, t)| t.as_str()).collect();
        seen.sort();
        let mut want: Vec<String> = ["S", "N"]
            .iter()
            .flat_map(|s| (1..=16).map(move |n| format!("{s}{n}")))
            .collect();
        want.sort();
        assert_eq!(seen, want, "{}", p.id);
        // each name is centred above its own circle, whose count it labels
        let circles: Vec<(f32, f32, f32)> = board
            .split("<circle class=\"omw-pit\" ")
            .skip(1)
            .map(|c| (attr(c, "cx"), attr(c, "cy"), attr(c, "r")))
            .collect();
        assert_eq!(circles.len(), 32);
        let view: Vec<f32> = board
            .split("viewBox=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let middle = view[1] + view[3] / 2.0;
        let seat = p.seat();
        let mover = p.doc.position.to_move;
        for ((attrs, name), (cx, cy, r)) in names.iter().zip(&circles) {
            assert_eq!(attr(attrs, "x"), *cx, "{name}");
            let y = attr(attrs, "y");
            assert!(y < cy - r && y > cy - 1.5 * r, "{name}: {y} above {cy}");
            // the seat's side is at the bottom
            let bottom = *cy > middle;
            assert_eq!(name.starts_with(seat.letter()), bottom, "{}: {name}", p.id);
            // the side to move's names in bold
            assert_eq!(
                attrs.contains("omw-pitname-mover"),
                name.starts_with(mover.letter()),
                "{}: {name}",
                p.id
            );
        }
        // a "what happens?" puzzle's move is marked round its pit, the
        // other puzzles' answers are not
        let rings: Vec<(f32, f32)> = board
            .split("<circle class=\"omw-ring-lift\" ")
            .skip(1)
            .map(|c| (attr(c, "cx"), attr(c, "cy")))
            .collect();
        if p.goal == Goal::WhatHappens {
            let name = format!("{}{}", p.played.mover.letter(), p.played.mv.pit.number());
            let at = names.iter().position(|(_, n)| *n == name).unwrap();
            assert_eq!(rings, [(circles[at].0, circles[at].1)], "{}", p.id);
        } else {
            assert!(rings.is_empty(), "{}", p.id);
        }
        // the counts are the puzzle's, every one a numeral
        let counts: Vec<u32> = texts(board)
            .into_iter()
            .filter(|(a, _)| a.contains("omw-count-sheet"))
            .map(|(_, t)| t.trim().parse::<u32>().unwrap())
            .collect();
        assert_eq!(
            counts.iter().sum::<u32>(),
            p.doc.position.board.total(),
            "{}",
            p.id
        );
        assert!(!board.contains("omw-seed"), "{}", p.id);
    }
}

#[test]
fn the_answer_key_is_a_table_of_whole_sentences() {
    let puzzles = shipped();
    // every goal, win in two (with its replies) and the longest answers among them
    let mut chosen: Vec<Puzzle> = Goal::ALL
        .iter()
        .filter_map(|g| puzzles.iter().find(|p| p.goal == *g).cloned())
        .collect();
    let mut long = puzzles.clone();
    long.sort_by_key(|p| std::cmp::Reverse(answer_text(p).len()));
    chosen.extend(long.into_iter().take(8));
    let fonts = fonts();
    let opts = SheetOptions {
        per_page: 4,
        ..SheetOptions::default()
    };
    let pages = sheet_page_svgs(&chosen, &opts, &fonts);
    let key: Vec<&String> = pages.iter().filter(|p| p.contains("— answers")).collect();
    assert!(!key.is_empty());
    // compact: no board in the key, fewer pages than the puzzles'
    for page in &key {
        assert!(boards(page).is_empty());
        assert!(!page.contains("<circle"));
    }
    assert!(key.len() < chosen.len().div_ceil(4));
    // one row a puzzle (a row runs on to the next page only when taller
    // than a page): its number, its move, and its sentences in full
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    for page in &key {
        for (open, body) in groups(page, "key-row") {
            let n: usize = open
                .split("data-n=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let t: Vec<String> = texts(body).into_iter().map(|t| t.1).collect();
            match rows.last_mut() {
                Some((m, lines)) if *m == n => lines.extend(t),
                _ => rows.push((n, t)),
            }
        }
    }
    assert_eq!(rows.len(), chosen.len());
    for ((n, lines), (i, p)) in rows.iter().zip(chosen.iter().enumerate()) {
        assert_eq!(*n, i + 1);
        assert_eq!(lines[0], format!("{n}."));
        assert_eq!(lines[1], p.solution_with_side);
        let text = words(&lines[2..].join(" "));
        assert_eq!(text, words(&answer_text(p)), "puzzle {n}");
        assert!(text.ends_with('.') || text.ends_with(')'), "{text}");
        if p.goal == Goal::WinInTwo {
            for l in &p.line {
                assert!(text.contains(&format!("If {} ({})", l.reply, l.reply_text)));
            }
        }
        if let Some(ex) = &p.explanation {
            // an explanation opening with the move is the whole answer,
            // said once (the move stands in the key's own column)
            let plays = format!(
                "{} plays {}: ",
                p.doc.position.to_move.title(),
                p.solution_with_side
            );
            let said = ex.trim().strip_prefix(&plays).unwrap_or(ex);
            assert!(
                text.to_lowercase().contains(&words(said).to_lowercase()),
                "{text}"
            );
            if said.len() < ex.trim().len() {
                assert!(!text.contains(&plays), "{text}");
            }
        }
    }
    // the HTML key: one table, a row a puzzle, the same sentences
    let html = sheet_html(&chosen, &opts);
    let answers = &html[html.find("<section class=\"answers\">").unwrap()..];
    assert_eq!(answers.matches("<table class=\"key\">").count(), 1);
    assert!(!answers.contains("<svg"));
    assert_eq!(answers.matches("<tr>").count(), chosen.len() + 1);
    for p in &chosen {
        assert!(answers.contains(&format!(
            "<td class=\"move\">{}</td><td>{}</td>",
            omweso::diagram::escape(&p.solution_with_side),
            omweso::diagram::escape(&answer_text(p))
        )));
    }
}

/// Every text of every page lies inside the page's margins and over no
/// other text, measured on the pages as usvg lays them out in the font
/// (a quarter of a line box's height may be shared: a paragraph's lines
/// are closer than their ascenders and descenders).
#[test]
fn no_text_leaves_the_page_or_overlaps_another() {
    let fonts = fonts();
    let options = fonts.svg_options();
    let mut all = shipped();
    // a puzzle whose words need more than its share of a page
    all[4].title = "A title that goes on and on, ".repeat(12);
    all[4].question = format!(
        "{} {}",
        all[4].question,
        "And a question as long. ".repeat(10)
    );
    for (paper, per_page, hints) in [
        (Paper::A4, 3, SheetHints::Page),
        (Paper::Letter, 4, SheetHints::Off),
        (Paper::A4, 1, SheetHints::Off),
    ] {
        let opts = SheetOptions {
            paper,
            per_page,
            hints,
            ..SheetOptions::default()
        };
        let pages = sheet_page_svgs(&all, &opts, &fonts);
        let (w, h) = paper.size();
        for (i, svg) in pages.iter().enumerate() {
            let tree = usvg::Tree::from_str(svg, &options).unwrap();
            let mut boxes = Vec::new();
            collect_text_boxes(tree.root(), &mut boxes);
            assert_eq!(boxes.len(), svg.matches("<text ").count());
            for b in &boxes {
                assert!(
                    b.left() >= 36.0
                        && b.right() <= w - 36.0
                        && b.top() >= 30.0
                        && b.bottom() <= h - 10.0,
                    "{paper:?} {per_page}/page, page {}: text at {b:?} leaves the page",
                    i + 1
                );
            }
            for (a, x) in boxes.iter().enumerate() {
                for y in &boxes[a + 1..] {
                    // line boxes (ascender to descender) of a paragraph's
                    // lines touch; texts set over each other share more
                    let shared = x.bottom().min(y.bottom()) - x.top().max(y.top());
                    let overlap = x.left() < y.right() - 0.5
                        && y.left() < x.right() - 0.5
                        && shared > 0.25 * x.height().min(y.height());
                    assert!(
                        !overlap,
                        "{paper:?} {per_page}/page, page {}: texts overlap at {x:?} and {y:?}",
                        i + 1
                    );
                }
            }
        }
    }
}

fn collect_text_boxes(group: &usvg::Group, out: &mut Vec<usvg::Rect>) {
    for n in group.children() {
        match n {
            usvg::Node::Text(t) => out.push(t.abs_bounding_box()),
            usvg::Node::Group(g) => collect_text_boxes(g, out),
            _ => {}
        }
    }
}

#[test]
fn the_pdf_renders_non_blank_pages_in_the_shipped_font() {
    let puzzles: Vec<Puzzle> = shipped().into_iter().take(6).collect();
    let fonts = fonts();
    assert_eq!(fonts.family, "Source Sans 3");
    let opts = SheetOptions {
        title: "Test sheet".into(),
        hints: SheetHints::Page,
        ..SheetOptions::default()
    };
    let pdf = sheet_pdf(&puzzles, &opts, &fonts).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.pdf");
    std::fs::write(&file, &pdf).unwrap();
    let status = std::process::Command::new("pdftoppm")
        .args(["-r", "30", "-gray"])
        .arg(&file)
        .arg(dir.path().join("p"))
        .status()
        .expect("pdftoppm (apt-get install poppler-utils)");
    assert!(status.success());
    let mut pages: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgm"))
        .collect();
    pages.sort();
    // two puzzle pages, a hints page and the key
    assert_eq!(pages.len(), 4);
    for p in pages {
        let data = std::fs::read(&p).unwrap();
        // PGM: header of three lines, then one byte per pixel
        let mut nl = 0;
        let start = data
            .iter()
            .position(|&b| {
                nl += (b == b'\n') as u32;
                nl == 3
            })
            .unwrap()
            + 1;
        let px = &data[start..];
        let dark = px.iter().filter(|&&b| b < 128).count();
        assert!(
            dark * 400 > px.len(),
            "{} looks blank: {dark} dark pixels of {}",
            p.display(),
            px.len()
        );
    }
    // titled as the sheet
    let info = std::process::Command::new("pdfinfo")
        .arg(&file)
        .output()
        .expect("pdfinfo (apt-get install poppler-utils)");
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(
        info.lines()
            .any(|l| l.starts_with("Title:") && l.ends_with("Test sheet")),
        "{info}"
    );
    // the fonts embedded are the shipped face's (pdffonts names them)
    let out = std::process::Command::new("pdffonts")
        .arg(&file)
        .output()
        .expect("pdffonts (apt-get install poppler-utils)");
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(listing.contains("SourceSans3-Regular"), "{listing}");
    assert!(listing.contains("SourceSans3-Bold"), "{listing}");
    // and the key's sentences come out of the PDF whole
    let out = std::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext (apt-get install poppler-utils)");
    let text = words(&String::from_utf8_lossy(&out.stdout));
    for p in &puzzles {
        assert!(
            text.contains(&words(&answer_text(p))),
            "{}: {}",
            p.id,
            answer_text(p)
        );
    }
    let html = sheet_html(&puzzles, &opts);
    assert_eq!(html.matches("<svg").count(), 6);
}

#[test]
fn a_character_no_font_has_is_an_error() {
    let mut p = shipped().into_iter().next().unwrap();
    // a private-use character: in no font
    p.title = "Puzzle \u{10FFFD}".into();
    let e = sheet_pdf(&[p], &SheetOptions::default(), &fonts()).unwrap_err();
    assert!(
        matches!(
            e,
            SheetError::Glyph {
                ch: '\u{10FFFD}',
                ..
            }
        ),
        "{e}"
    );
}
