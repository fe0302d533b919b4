//! Page templates (tera 2): built-in defaults for every page kind, each
//! replaced by a same-named file in the site's `templates/` folder.

use crate::model::{Diagnostic, Diagnostics};
use std::path::Path;
use tera::Tera;

/// The built-in templates: (name, text).
pub(crate) const DEFAULTS: &[(&str, &str)] = &[
    ("base.html", include_str!("templates/base.html")),
    ("index.html", include_str!("templates/index.html")),
    ("chapter.html", include_str!("templates/chapter.html")),
    ("variant.html", include_str!("templates/variant.html")),
    ("position.html", include_str!("templates/position.html")),
    ("puzzles.html", include_str!("templates/puzzles.html")),
    ("puzzle.html", include_str!("templates/puzzle.html")),
    ("print.html", include_str!("templates/print.html")),
    ("404.html", include_str!("templates/404.html")),
    ("glossary.html", include_str!("templates/glossary.html")),
    ("compare.html", include_str!("templates/compare.html")),
    ("games.html", include_str!("templates/games.html")),
    ("game.html", include_str!("templates/game.html")),
    ("analysis.html", include_str!("templates/analysis.html")),
];

/// Where the built-in templates stay reachable when a site replaces them:
/// `{% extends "builtin/game.html" %}` in a site's `game.html` keeps the
/// built-in page and replaces only the blocks it names.
pub(crate) const BUILTIN: &str = "builtin/";

/// The templates of a site: the defaults, with `root/templates/NAME`
/// overriding the default of the same name (other `.html` files there are
/// added too, for overrides to include or extend; every default stays
/// reachable as `builtin/NAME`). Returns the names that were overridden.
pub(crate) fn load(root: &Path) -> Result<(Tera, Vec<String>), Diagnostics> {
    let mut set: Vec<(String, String, String)> = DEFAULTS
        .iter()
        .map(|(n, t)| {
            (
                n.to_string(),
                t.to_string(),
                format!("<built-in template {n}>"),
            )
        })
        .collect();
    let mut overridden = Vec::new();
    let dir = super::Layout::new(root).templates();
    let mut errs = Diagnostics::default();
    let files = match crate::model::files_in(&dir, &["html"]) {
        Ok(files) => files.unwrap_or_default(),
        Err(d) => {
            errs.push(d);
            Vec::new()
        }
    };
    for f in files {
        let name = f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        match crate::model::read_text(&f) {
            Ok(text) => {
                let origin = f.display().to_string();
                if let Some(slot) = set.iter_mut().find(|(n, ..)| *n == name) {
                    *slot = (name.clone(), text, origin);
                    overridden.push(name);
                } else {
                    set.push((name, text, origin));
                }
            }
            Err(d) => errs.push(d),
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // every built-in also as `builtin/NAME`, for an override to extend and
    // replace only some of its blocks
    set.extend(DEFAULTS.iter().map(|(n, t)| {
        (
            format!("{BUILTIN}{n}"),
            t.to_string(),
            format!("<built-in template {n}>"),
        )
    }));
    let mut tera = Tera::default();
    tera.autoescape_on([".html"]);
    // Check each template on its own first so an error names its file.
    for (name, text, origin) in &set {
        let mut one = Tera::default();
        if let Err(e) = one.add_raw_template(name, text)
            && !missing_parent(&e)
        {
            errs.push(Diagnostic::new(
                Path::new(origin),
                0,
                0,
                format!("template error: {}", error_text(&e)),
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    tera.add_raw_templates(set.iter().map(|(n, t, _)| (n.as_str(), t.as_str())))
        .map_err(|e| {
            Diagnostics::from(Diagnostic::new(
                &dir,
                0,
                0,
                format!("template error: {}", error_text(&e)),
            ))
        })?;
    Ok((tera, overridden))
}

/// An error that only says a parent or include is not in this lone set.
fn missing_parent(e: &tera::Error) -> bool {
    matches!(
        e.kind(),
        tera::ErrorKind::MissingParent { .. } | tera::ErrorKind::TemplateNotFound(_)
    )
}

/// A tera error with its causes.
pub(crate) fn error_text(e: &tera::Error) -> String {
    let mut s = e.to_string();
    let mut src = std::error::Error::source(e);
    while let Some(inner) = src {
        s.push_str(&format!(": {inner}"));
        src = inner.source();
    }
    s
}
