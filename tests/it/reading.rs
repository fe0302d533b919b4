//! Reading comfort in a built site: the fonts ship with it and its
//! stylesheet uses them with no address outside the site; the games are
//! in the navigation as the site's records warrant; the site's default
//! rule set is checked. (The sticky "On this page" is checked in a real
//! browser: crates/omweso-cli/tests/browser/reading.mjs.)

use crate::common::{read, repo};
use omweso::FONT_FILES;
use omweso::site::{self, BuildOptions};
use std::path::Path;

fn build(root: &Path, out: &Path) {
    site::build(&BuildOptions {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        base_url: None,
        drafts: false,
        force: false,
    })
    .unwrap_or_else(|e| panic!("build: {e}"));
}

/// Every `url(...)` of a stylesheet.
fn urls(css: &str) -> Vec<String> {
    css.split("url(")
        .skip(1)
        .map(|s| {
            s[..s.find(')').unwrap()]
                .trim_matches(['"', '\''])
                .to_string()
        })
        .collect()
}

#[test]
fn the_fonts_ship_with_the_site_and_the_stylesheet_uses_them() {
    let tmp = tempfile::tempdir().unwrap();
    site::init(&tmp.path().join("site"), false).unwrap();
    let out = tmp.path().join("public");
    build(&tmp.path().join("site"), &out);
    let css = read(&out, "assets/omweso.css");

    // every font file is in the site, as shipped, with its licence
    let mut total = 0;
    for f in &FONT_FILES {
        let bytes = std::fs::read(out.join(f.path)).unwrap_or_else(|e| panic!("{}: {e}", f.path));
        assert_eq!(bytes, f.bytes, "{}", f.path);
        total += bytes.len();
        let sig: &[u8] = if f.path.ends_with(".woff2") {
            b"wOF2"
        } else {
            b"wOFF"
        };
        assert!(bytes.starts_with(sig), "{}", f.path);
    }
    // small: Latin subsets, compressed (101,796 bytes for the five faces)
    assert!(total < 110_000, "the fonts weigh {total} bytes");
    let licence = read(&out, "assets/fonts/OFL.txt");
    assert!(licence.contains("SIL OPEN FONT LICENSE Version 1.1"));
    assert!(licence.contains("Source Serif 4") && licence.contains("Source Sans 3"));

    // the stylesheet names each file by an address inside the site, and no other
    let urls = urls(&css);
    assert_eq!(urls.len(), FONT_FILES.len(), "{urls:?}");
    for u in &urls {
        assert!(
            !u.contains(':') && !u.starts_with('/'),
            "{u} is not a relative address"
        );
        assert!(
            out.join("assets").join(u).is_file(),
            "{u} is not in the site"
        );
    }
    assert!(!css.contains("@import"));
    for f in &FONT_FILES {
        let face = css
            .split("@font-face")
            .find(|r| r.contains(f.path.trim_start_matches("assets/")))
            .unwrap_or_else(|| panic!("no @font-face for {}", f.path));
        assert!(
            face.contains(&format!("font-family: \"{}\"", f.family)),
            "{face}"
        );
        assert!(
            face.contains(&format!("font-weight: {}", f.weight)),
            "{face}"
        );
    }
    // and sets the text in the serif, every heading in the sans
    let var = |name: &str| {
        let decl = format!("{name}: ");
        let at = css
            .find(&decl)
            .unwrap_or_else(|| panic!("{name} undefined"))
            + decl.len();
        css[at..css[at..].find(';').unwrap() + at].to_string()
    };
    assert!(var("--serif").starts_with("\"Source Serif 4\""));
    assert!(var("--sans").starts_with("\"Source Sans 3\""));
    assert!(css.contains("font: 1.0625rem/1.62 var(--serif)"));
    assert!(css.contains("h1, h2, h3, h4, h5, h6 { font-family: var(--sans);"));
    // the pages load the stylesheet from the site itself
    let index = read(&out, "index.html");
    assert!(index.contains("<link rel=\"stylesheet\" href=\"assets/omweso.css\">"));
    assert!(!index.contains("fonts.googleapis") && !index.contains("https://"));
}

/// The top navigation's links of a page.
fn top_nav(html: &str) -> String {
    let a = html.find("<nav class=\"top-nav\"").unwrap();
    html[a..a + html[a..].find("</nav>").unwrap()].to_string()
}

#[test]
fn demonstration_games_are_listed_in_the_sidebar_not_the_top_navigation() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    build(&repo(), &out);
    let games = std::fs::read_dir(repo().join("content/games"))
        .unwrap()
        .count();
    assert!((1..=omweso::site::SIDEBAR_GAMES).contains(&games));
    for page in ["index.html", "the-move.html", "games/first-game.html"] {
        let html = read(&out, page);
        assert!(!top_nav(&html).contains("Games"), "{page}");
        let a = html
            .find("<ul class=\"game-list\">")
            .unwrap_or_else(|| panic!("{page}"));
        let list = &html[a..a + html[a..].find("</ul>").unwrap()];
        assert_eq!(list.matches("<li>").count(), games, "{page}: {list}");
        assert!(list.contains("first-game.html"), "{list}");
    }
    let game = read(&out, "games/first-game.html");
    assert!(game.contains("href=\"../games/first-game.html\" aria-current=\"page\""));

    // a game really played puts Games in the top navigation
    let site_dir = tmp.path().join("site");
    site::init(&site_dir, false).unwrap();
    std::fs::create_dir_all(site_dir.join("content/games")).unwrap();
    std::fs::write(
        site_dir.join("content/games/recorded.yaml"),
        "id: recorded\ntitle: A recorded game\nvariant: shackell-1935\nrecord: historical\nsource: \"A test source\"\nstart: standard\nmoves:\n  - S1\nresult: none\n",
    )
    .unwrap();
    let out2 = tmp.path().join("public2");
    build(&site_dir, &out2);
    let html = read(&out2, "index.html");
    assert!(
        top_nav(&html).contains("games/index.html"),
        "{}",
        top_nav(&html)
    );
    // a site without games lists none
    let plain = tmp.path().join("plain");
    site::init(&plain, false).unwrap();
    let out3 = tmp.path().join("public3");
    build(&plain, &out3);
    let html = read(&out3, "index.html");
    assert!(!html.contains("game-list") && !top_nav(&html).contains("Games"));
}

#[test]
fn an_unknown_default_variant_is_located() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("site");
    site::init(&dir, false).unwrap();
    let config = read(&dir, "omweso.yaml");
    std::fs::write(
        dir.join("omweso.yaml"),
        format!("{config}default_variant: shackel-1935\n"),
    )
    .unwrap();
    let line = config.lines().count() + 1;
    let err = site::build(&BuildOptions {
        root: dir.clone(),
        out: tmp.path().join("public"),
        base_url: None,
        drafts: false,
        force: false,
    })
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("unknown default_variant \"shackel-1935\""),
        "{err}"
    );
    assert!(err.contains(&format!("omweso.yaml:{line}:")), "{err}");
    assert!(err.contains("shackell-1935"), "{err}");
}
