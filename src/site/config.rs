//! The site configuration, `omweso.yaml` at the site root.

use super::layout::CONFIG_FILE;
use crate::engine::quote;
use crate::model::{Diagnostics, Seg, Source};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// `omweso.yaml`: what the site is called and how it is built.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The site's title (every page's `<title>` ends with it).
    pub title: String,
    /// One or two sentences: the home page's lead and the pages' meta description.
    #[serde(default)]
    pub description: String,
    /// The site's author, named in the pages' metadata and footer, if given.
    #[serde(default)]
    pub author: Option<String>,
    /// The pages' `lang` attribute.
    #[serde(default = "default_language")]
    pub language: String,
    /// Absolute URL the site is published at; with it the build writes `sitemap.xml`.
    #[serde(default)]
    pub base_url: Option<String>,
    /// Position ids played under every variant on the comparison page.
    #[serde(default)]
    pub compare: Vec<String>,
    /// Footer text (Markdown not interpreted).
    #[serde(default)]
    pub footer: Option<String>,
    /// What becomes of HTML written in the chapters' Markdown.
    #[serde(default)]
    pub raw_html: RawHtml,
    /// The rule set the site starts from where one must be chosen: the
    /// analysis board's, and a puzzle sheet's when its puzzles are of
    /// several (a variant name; default: the format's, shackell-1935).
    #[serde(default)]
    pub default_variant: Option<String>,
    /// How the whole rulebook prints (`print.html`).
    #[serde(default)]
    pub print: Print,
}

/// `print:` in `omweso.yaml`: how `print.html` prints the whole rulebook.
/// Every chapter's own page also prints, with its diagrams laid out for
/// paper (the site's print stylesheet), whichever is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Print {
    /// The whole rulebook on `print.html` when its chapters fit in one
    /// page a browser opens (about 1.5 MB of chapters: some dozens of
    /// chapters with diagrams); a longer rulebook is printed chapter by
    /// chapter, each from its own page, and `print.html` lists them. The
    /// output then holds each chapter once.
    #[default]
    OnePage,
    /// As `one-page`, but a longer rulebook is also printed whole, in parts
    /// of about that size (`print-1.html`, `print-2.html`…, listed on
    /// `print.html`): every chapter a second time in the output.
    Parts,
}

/// `raw_html:` in `omweso.yaml`: what the build does with the HTML an
/// author writes in a chapter (HTML blocks and inline tags, heading
/// attributes such as `{onclick=…}`, and the addresses of links and
/// images). The site's own HTML (diagrams, heading ids, footnotes) is never
/// touched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RawHtml {
    /// Kept, cleaned by an allow-list (ammonia): formatting such as `<kbd>`,
    /// `<sup>`, `<abbr title>`, `<details>` and tables stays; scripts,
    /// styles, event handlers, forms and frames go. Links and images whose
    /// address has a scheme other than `http`, `https`, `mailto` or `tel`
    /// (`javascript:`, `data:`…) lose the address and keep their text.
    #[default]
    Sanitize,
    /// Passed through as written: for trusted authors only.
    Allow,
    /// Shown as text (HTML blocks as code blocks); links as in `sanitize`.
    Escape,
}

fn default_language() -> String {
    "en".into()
}

impl Default for Config {
    fn default() -> Config {
        Config {
            title: "Omweso".into(),
            description: String::new(),
            author: None,
            language: default_language(),
            base_url: None,
            compare: Vec::new(),
            footer: None,
            raw_html: RawHtml::default(),
            default_variant: None,
            print: Print::default(),
        }
    }
}

impl Config {
    /// Parse a configuration text; errors are located.
    pub fn parse(src: &Source) -> Result<Config, Diagnostics> {
        let loc = src.yaml()?;
        let config: Config = src.read_as(&loc)?;
        let mut errs = Diagnostics::default();
        if config.title.trim().is_empty() {
            let (l, c) = loc.locate(&[Seg::Key("title")]);
            errs.push(src.at(l, c, "empty title: expected the site's name"));
        }
        if let Some(url) = &config.base_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            let (l, c) = loc.locate(&[Seg::Key("base_url")]);
            errs.push(src.at(
                l,
                c,
                format!(
                    "invalid base_url {url_q}: expected an absolute http:// or https:// URL",
                    url_q = quote(url)
                ),
            ));
        }
        if config.language.trim().is_empty() {
            let (l, c) = loc.locate(&[Seg::Key("language")]);
            errs.push(src.at(l, c, "empty language: expected a language tag such as en"));
        }
        errs.into_result(config)
    }

    /// Read `root/omweso.yaml`.
    pub fn read(root: &Path) -> Result<Config, Diagnostics> {
        let src = Source::read(&root.join(CONFIG_FILE))?;
        Config::parse(&src)
    }

    /// The config file and where its key `key` is written (1-based line
    /// and column; (0, 0) when it cannot be read), for errors.
    pub(crate) fn key_location(root: &Path, key: &str) -> (PathBuf, (usize, usize)) {
        let path = root.join(CONFIG_FILE);
        let at = Source::read(&path)
            .and_then(|src| src.yaml())
            .ok()
            .and_then(|root| {
                root.get(&[Seg::Key(key)])
                    .map(|n| (n.mark.line, n.mark.column))
            })
            .unwrap_or((0, 0));
        (path, at)
    }

    /// The config file and where each of its `compare` items is written
    /// (1-based line and column; none when it cannot be read), for errors.
    /// The file is read once, however many items there are.
    pub(crate) fn compare_locations(root: &Path) -> (PathBuf, Vec<(usize, usize)>) {
        let path = root.join(CONFIG_FILE);
        let at = Source::read(&path)
            .and_then(|src| src.yaml())
            .map(|root| {
                root.get(&[Seg::Key("compare")])
                    .map(|list| {
                        list.items()
                            .iter()
                            .map(|n| (n.mark.line, n.mark.column))
                            .collect()
                    })
                    .unwrap_or_default()
            })
            .unwrap_or_default();
        (path, at)
    }
}

/// The site root: the nearest folder, from `start` up, holding `omweso.yaml`
/// (see [`Layout::find`](super::Layout::find)).
pub fn find_root(start: &Path) -> Result<PathBuf, super::layout::RootError> {
    super::Layout::find(start).map(|l| l.root().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Kind;

    #[test]
    fn unknown_key_is_located() {
        let src = Source::new("omweso.yaml", "title: X\ncolour: red\n");
        let e = Config::parse(&src).unwrap_err();
        assert_eq!(e.0[0].line, 2, "{e}");
        assert_eq!(e.0[0].kind, Kind::UnknownKey, "{e}");
    }

    #[test]
    fn defaults() {
        let c = Config::parse(&Source::new("o.yaml", "title: X\n")).unwrap();
        assert_eq!(c.language, "en");
        assert!(c.base_url.is_none() && c.compare.is_empty());
    }

    #[test]
    fn find_root_walks_up() {
        let tmp = std::env::temp_dir().join(format!("omweso-find-root-{}", std::process::id()));
        let deep = tmp.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(tmp.join(CONFIG_FILE), "title: X\n").unwrap();
        assert_eq!(find_root(&deep.join(".")).unwrap(), tmp);
        std::fs::remove_file(tmp.join(CONFIG_FILE)).unwrap();
        assert!(
            find_root(&deep)
                .unwrap_err()
                .to_string()
                .contains("omweso init")
        );
        std::fs::remove_dir_all(&tmp).unwrap();
    }

    #[test]
    fn bad_base_url() {
        let e =
            Config::parse(&Source::new("o.yaml", "title: X\nbase_url: example.org\n")).unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 11), "{e}");
    }

    #[test]
    fn print_version() {
        let parse = |t: &str| Config::parse(&Source::new("o.yaml", t));
        assert_eq!(parse("title: X\n").unwrap().print, Print::OnePage);
        assert_eq!(
            parse("title: X\nprint: parts\n").unwrap().print,
            Print::Parts
        );
        assert_eq!(
            parse("title: X\nprint: one-page\n").unwrap().print,
            Print::OnePage
        );
        let e = parse("title: X\nprint: book\n").unwrap_err();
        assert_eq!(e.0[0].line, 2, "{e}");
        assert_eq!(e.0[0].kind, Kind::UnknownValue, "{e}");
    }

    #[test]
    fn raw_html_policy() {
        let parse = |t: &str| Config::parse(&Source::new("o.yaml", t));
        assert_eq!(parse("title: X\n").unwrap().raw_html, RawHtml::Sanitize);
        assert_eq!(Config::default().raw_html, RawHtml::Sanitize);
        for (text, want) in [
            ("sanitize", RawHtml::Sanitize),
            ("allow", RawHtml::Allow),
            ("escape", RawHtml::Escape),
        ] {
            let c = parse(&format!("title: X\nraw_html: {text}\n")).unwrap();
            assert_eq!(c.raw_html, want, "{text}");
        }
        let e = parse("title: X\nraw_html: trusted\n").unwrap_err();
        assert_eq!(e.0[0].line, 2, "{e}");
        assert_eq!(e.0[0].kind, Kind::UnknownValue, "{e}");
    }
}
