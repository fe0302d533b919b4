//! A chapter: front matter, fenced blocks, headings and links as the site
//! loader reads them, then the Markdown rendered for its page and for the
//! print page.
#![no_main]
use libfuzzer_sys::fuzz_target;
use omweso::model::{Diagnostics, Source};
use omweso::site::parse_chapter;
use omweso::site::RawHtml;
use omweso::site::{MarkdownTarget, render_markdown};
use omweso_fuzz::{check, script_in, text, variants};
use std::collections::BTreeSet;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let path = Path::new("fuzz/chapter.md");
    let mut errs = Diagnostics::default();
    let chapter = parse_chapter(path, text.clone(), variants(), &mut errs);
    let src = Source::new(path, text.as_str());
    if !errs.is_empty() {
        check(&src, &errs);
    }
    assert!(
        chapter.is_some() || !errs.is_empty(),
        "a chapter refused without a reason"
    );
    if chapter.is_some() {
        let figure = |line: usize| format!("<figure data-line=\"{line}\"></figure>");
        let chapters = BTreeSet::from(["chapter", "other"]);
        let print = MarkdownTarget::Print {
            stem: "chapter",
            chapters: &chapters,
        };
        for raw in [RawHtml::Sanitize, RawHtml::Escape, RawHtml::Allow] {
            for target in [&MarkdownTarget::Page { root: "" }, &print] {
                let html = match render_markdown(&text, target, raw, &figure) {
                    Ok((html, _)) => html,
                    Err(hidden) => {
                        // only the sanitizer refuses, at a place in the text
                        assert_eq!(raw, RawHtml::Sanitize, "{hidden:?}");
                        let lines = text.split('\n').count();
                        assert!(
                            hidden.line >= 1 && hidden.line <= lines && hidden.column >= 1,
                            "{hidden:?} outside {lines} lines"
                        );
                        continue;
                    }
                };
                if raw != RawHtml::Allow {
                    // what the site promises for contributed content: no tag
                    // runs a script (its text may say anything)
                    if let Some(tag) = script_in(&html) {
                        panic!("{tag} passed ({raw:?}): {html}");
                    }
                }
            }
        }
    }
});
