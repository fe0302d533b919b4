//! Generate a large rulebook for measuring builds: N chapters of about 650
//! words, each with K diagrams of a random mid-game position and a random
//! legal move (from seeded random play of the Shackell rules), and the same
//! prose as a Hugo site, so both can be built side by side.
//!
//! ```text
//! cargo run --release --example gen_site -- OUT CHAPTERS [DIAGRAMS] [SEED]
//! ```
//!
//! writes `OUT/omweso/` (an omweso site) and `OUT/hugo/` (a Hugo site with
//! a minimal layout: the plain prose, the baseline of issue 13). Used by
//! `benches/site-scale.sh`.

use omweso::engine::search::Rng;
use omweso::engine::{Board, Position, Rules, Side, legal_moves, notation};
use omweso::model::position_yaml;
use std::fmt::Write;
use std::path::Path;

const WORDS: &[&str] = &[
    "sowing",
    "seeds",
    "pit",
    "lap",
    "relay",
    "capture",
    "board",
    "player",
    "row",
    "inner",
    "outer",
    "anticlockwise",
    "clockwise",
    "move",
    "hand",
    "empty",
    "opponent",
    "facing",
    "Buganda",
    "Shackell",
    "game",
    "rule",
    "ends",
    "lifts",
    "sows",
    "takes",
    "the",
    "a",
    "of",
    "and",
    "from",
    "to",
    "when",
    "every",
    "last",
    "first",
    "again",
    "then",
    "both",
    "its",
];

fn sentence(rng: &mut Rng, out: &mut String) {
    let n = 8 + rng.below(8);
    for i in 0..n {
        let w = rng.pick(WORDS).unwrap();
        if i == 0 {
            let mut c = w.chars();
            let first = c.next().unwrap().to_ascii_uppercase();
            let _ = write!(out, "{first}{}", c.as_str());
        } else {
            let _ = write!(out, " {w}");
        }
    }
    out.push_str(". ");
}

/// A paragraph of about `words` words.
fn paragraph(rng: &mut Rng, words: usize) -> String {
    let mut s = String::new();
    while s.split_whitespace().count() < words {
        sentence(rng, &mut s);
    }
    s.trim_end().to_string()
}

fn start() -> Position {
    let side = [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0];
    Position::new(Board::from_sides(side, side), Side::South)
}

/// A position after 6–40 random finished moves, and a finished move of it.
fn mid_game(rng: &mut Rng) -> (Position, String) {
    let rules = Rules::SHACKELL_1935;
    'again: loop {
        let mut pos = start();
        let plies = 6 + rng.below(34);
        for _ in 0..plies {
            let moves: Vec<_> = legal_moves(&rules, &pos)
                .into_iter()
                .filter(|m| m.end.finished().is_some_and(|f| f.result.is_none()))
                .collect();
            let Some(m) = rng.pick(&moves) else {
                continue 'again;
            };
            pos = m.end.finished().unwrap().position_after(&pos);
        }
        let moves: Vec<_> = legal_moves(&rules, &pos)
            .into_iter()
            .filter(|m| m.end.finished().is_some())
            .collect();
        if let Some(m) = rng.pick(&moves) {
            return (pos, notation::format(&m.mv));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: gen_site OUT CHAPTERS [DIAGRAMS] [SEED]");
        std::process::exit(2);
    }
    let out = Path::new(&args[0]);
    let chapters: usize = args[1].parse().expect("CHAPTERS: a number");
    let diagrams: usize = args
        .get(2)
        .map_or(3, |s| s.parse().expect("DIAGRAMS: a number"));
    let seed: u64 = args
        .get(3)
        .map_or(1, |s| s.parse().expect("SEED: a number"));
    let mut rng = Rng::new(seed);
    let site = out.join("omweso");
    let hugo = out.join("hugo");
    for dir in [site.join("content"), hugo.join("content/chapters")] {
        std::fs::create_dir_all(&dir).unwrap();
    }
    std::fs::write(
        site.join("omweso.yaml"),
        "title: Generated rulebook\ndescription: A generated site for measuring builds.\n",
    )
    .unwrap();
    std::fs::write(
        hugo.join("hugo.toml"),
        "baseURL = 'http://localhost/'\ntitle = 'Generated rulebook'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n",
    )
    .unwrap();
    let layouts = hugo.join("layouts/_default");
    std::fs::create_dir_all(&layouts).unwrap();
    std::fs::write(
        layouts.join("single.html"),
        "<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n",
    )
    .unwrap();
    std::fs::write(
        layouts.join("list.html"),
        "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a> {{ end }}</body></html>\n",
    )
    .unwrap();
    for i in 0..chapters {
        let title = format!("Chapter {i}");
        let mut prose = Vec::new();
        let mut blocks = Vec::new();
        let sections = diagrams.max(3);
        for s in 0..sections {
            prose.push(format!(
                "## Section {s}\n\n{}\n\nSee [the next chapter](chapter-{:05}.md).\n",
                paragraph(&mut rng, 650 / sections),
                (i + 1) % chapters
            ));
            blocks.push(if s < diagrams {
                let (pos, mv) = mid_game(&mut rng);
                Some(format!(
                    "```omweso\ncaption: Chapter {i}, diagram {s}, move {mv}.\n{}move: \"{mv}\"\n```\n",
                    position_yaml(&pos, "shackell-1935")
                ))
            } else {
                None
            });
        }
        let mut md = format!("---\ntitle: {title}\norder: {i}\n---\n\n");
        let mut hugo_md = format!("---\ntitle: {title}\nweight: {i}\n---\n\n");
        for (p, b) in prose.iter().zip(&blocks) {
            md.push_str(p);
            md.push('\n');
            hugo_md.push_str(&p.replace(".md)", "/)"));
            hugo_md.push('\n');
            if let Some(b) = b {
                md.push_str(b);
                md.push('\n');
            }
        }
        std::fs::write(site.join(format!("content/chapter-{i:05}.md")), md).unwrap();
        std::fs::write(
            hugo.join(format!("content/chapters/chapter-{i:05}.md")),
            hugo_md,
        )
        .unwrap();
    }
}
