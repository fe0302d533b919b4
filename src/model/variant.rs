//! Variant files: YAML → engine `Rules`, with their sources and readings.

use super::source::{Diagnostic, Diagnostics, Kind, Source};
use super::yaml::Seg;
use crate::engine::quote;
use crate::engine::{
    AfterCapture, NeverEnding, Points, ReverseLaps, ReverseStart, Rules, Variant, Wins,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The variant files shipped in `content/variants/`, built into the binary:
/// one per rule set of [`Rules::BUILTIN`], in its order (their names are
/// the engine's; a test holds each file to its rule set and name).
const BUILTIN_FILES: [&str; 4] = [
    include_str!("../../content/variants/shackell-1935.yaml"),
    include_str!("../../content/variants/modern.yaml"),
    include_str!("../../content/variants/ludii.yaml"),
    include_str!("../../content/variants/mcgill-2015.yaml"),
];

/// The default variant of a position that names none: the contract's
/// first rule set (Shackell's).
pub(crate) const DEFAULT_VARIANT: &str = Rules::BUILTIN[0].0;

/// A source a variant is drawn from.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRef {
    /// The source, cited in full (author, year, title, where published).
    pub cite: String,
    /// A note on the source and how the variant uses it, if any.
    #[serde(default)]
    pub note: Option<String>,
    /// Where it can be read online, if anywhere.
    #[serde(default)]
    pub url: Option<String>,
}

/// A loaded variant: the engine's rules plus what the file documents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantDoc {
    /// The rule parameters and the variant's name.
    pub variant: Variant,
    /// The variant's title, for pages.
    pub title: String,
    /// A short description, if given.
    pub summary: Option<String>,
    /// The works the variant is drawn from.
    pub sources: Vec<SourceRef>,
    /// How the file reads ambiguous sources, one sentence a reading.
    pub readings: Vec<String>,
    /// Where it was loaded from (`None` for a built-in).
    pub path: Option<PathBuf>,
    /// The parameters as written, for display: (key, value).
    pub parameters: Vec<(String, String)>,
}

impl VariantDoc {
    /// The variant's name (`shackell-1935`, or a variant file's own).
    pub fn name(&self) -> &str {
        &self.variant.name
    }

    /// The variant's rule parameters.
    pub fn rules(&self) -> &Rules {
        &self.variant.rules
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    name: String,
    title: String,
    #[serde(default)]
    summary: Option<String>,
    #[serde(default)]
    sources: Vec<SourceRef>,
    #[serde(default)]
    readings: Vec<String>,
    rules: RawRules,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
enum RawReverseLaps {
    None,
    StartChain,
    AnyLap,
    WholeMove,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
enum RawReverseStart {
    Capture,
    FacingOccupied,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
enum RawAfterCapture {
    Continue,
    RelayCapturingPit,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
enum RawNeverEnding {
    Annul,
    Draw,
    Illegal,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[serde(rename_all = "snake_case")]
enum RawWin {
    NoMove,
    Nkutemye,
    Akawumbi,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPoints {
    no_move: Option<u32>,
    nkutemye: Option<u32>,
    akawumbi: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    reverse_laps: RawReverseLaps,
    #[serde(default)]
    reverse_reach_limit: bool,
    #[serde(default)]
    reverse_start: Option<RawReverseStart>,
    after_capture: RawAfterCapture,
    first_move_captures: bool,
    three_seed_opening: bool,
    wins: Vec<RawWin>,
    #[serde(default)]
    points: RawPoints,
    #[serde(default)]
    match_points: Option<u32>,
    never_ending: RawNeverEnding,
    #[serde(default)]
    max_setup_seeds_per_pit: Option<u16>,
}

/// Whether a link written in a data file may become a link in a page: an
/// absolute `http://` or `https://` address (no `javascript:`, `data:`…).
pub(crate) fn safe_url(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://"))
        && !url.chars().any(|c| c.is_control() || c.is_whitespace())
}

/// Parse and validate a variant file.
pub fn parse_variant(src: &Source) -> Result<VariantDoc, Diagnostics> {
    let loc = src.yaml()?;
    let raw: RawVariant = src.read_as(&loc)?;
    let mut errs = Diagnostics::default();
    let at = |path: &[Seg], msg: String| {
        let (l, c) = loc.locate(path);
        src.at(l, c, msg)
    };
    if raw.name.is_empty()
        || !raw
            .name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        errs.push(at(
            &[Seg::Key("name")],
            format!(
                "variant name {}: expected lower-case letters, digits and '-'",
                quote(&raw.name)
            ),
        ));
    }
    for (i, source) in raw.sources.iter().enumerate() {
        if let Some(url) = &source.url
            && !safe_url(url)
        {
            errs.push(at(
                &[Seg::Key("sources"), Seg::Index(i), Seg::Key("url")],
                format!(
                    "unsafe url {url_q}: expected an http:// or https:// address",
                    url_q = quote(url)
                ),
            ));
        }
    }
    let r = &raw.rules;
    let rule = |k: &'static str| [Seg::Key("rules"), Seg::Key(k)];
    let reverse_laps = match r.reverse_laps {
        RawReverseLaps::None => ReverseLaps::None,
        RawReverseLaps::StartChain => ReverseLaps::StartChain,
        RawReverseLaps::AnyLap => ReverseLaps::AnyLap,
        RawReverseLaps::WholeMove => ReverseLaps::WholeMove,
    };
    let reverse_start = match r.reverse_start {
        None | Some(RawReverseStart::Capture) => ReverseStart::Capture,
        Some(RawReverseStart::FacingOccupied) => ReverseStart::FacingOccupied,
    };
    if reverse_laps == ReverseLaps::None && (r.reverse_reach_limit || r.reverse_start.is_some()) {
        errs.push(at(
            &rule("reverse_laps"),
            "unsupported combination: reverse_laps: none has no clockwise laps, so reverse_reach_limit and reverse_start must be left out".into(),
        ));
    }
    if reverse_laps != ReverseLaps::None && r.reverse_start.is_none() {
        errs.push(at(
            &[Seg::Key("rules")],
            "missing reverse_start: expected capture or facing_occupied when reverse_laps is not none".into(),
        ));
    }
    if reverse_laps == ReverseLaps::WholeMove && r.reverse_reach_limit {
        errs.push(at(
            &rule("reverse_reach_limit"),
            "unsupported combination: reverse_reach_limit applies to start_chain and any_lap, whose clockwise laps end in a capture; whole_move relays keep their direction".into(),
        ));
    }
    if reverse_start == ReverseStart::FacingOccupied && reverse_laps != ReverseLaps::WholeMove {
        errs.push(at(
            &rule("reverse_start"),
            "unsupported combination: reverse_start: facing_occupied is Ludii's rule and needs reverse_laps: whole_move (start_chain and any_lap laps sown clockwise must capture)".into(),
        ));
    }
    let after_capture = match r.after_capture {
        RawAfterCapture::Continue => AfterCapture::Continue,
        RawAfterCapture::RelayCapturingPit => AfterCapture::RelayCapturingPit,
    };
    if after_capture == AfterCapture::RelayCapturingPit
        && !matches!(reverse_laps, ReverseLaps::WholeMove | ReverseLaps::None)
    {
        errs.push(at(
            &rule("after_capture"),
            "unsupported combination: after_capture: relay_capturing_pit is Ludii's rule and needs reverse_laps: whole_move or none".into(),
        ));
    }
    let mut wins = Wins::default();
    for (i, w) in r.wins.iter().enumerate() {
        let (slot, name) = match w {
            RawWin::NoMove => (&mut wins.no_move, "no_move"),
            RawWin::Nkutemye => (&mut wins.nkutemye, "nkutemye"),
            RawWin::Akawumbi => (&mut wins.akawumbi, "akawumbi"),
        };
        if *slot {
            errs.push(at(
                &[Seg::Key("rules"), Seg::Key("wins"), Seg::Index(i)],
                format!("{name} is listed twice in wins"),
            ));
        }
        *slot = true;
    }
    let points = Points {
        no_move: r.points.no_move,
        nkutemye: r.points.nkutemye,
        akawumbi: r.points.akawumbi,
        match_target: r.match_points,
    };
    for (name, p, on) in [
        ("no_move", points.no_move, wins.no_move),
        ("nkutemye", points.nkutemye, wins.nkutemye),
        ("akawumbi", points.akawumbi, wins.akawumbi),
    ] {
        if p.is_some() && !on {
            errs.push(at(
                &[Seg::Key("rules"), Seg::Key("points"), Seg::Key(name)],
                format!("points for {name}, which is not in wins"),
            ));
        }
    }
    let never_ending = match r.never_ending {
        RawNeverEnding::Annul => NeverEnding::Annul,
        RawNeverEnding::Draw => NeverEnding::Draw,
        RawNeverEnding::Illegal => NeverEnding::Illegal,
    };
    let rules = Rules {
        reverse_laps,
        reverse_reach_limit: r.reverse_reach_limit,
        reverse_start,
        after_capture,
        first_move_captures: r.first_move_captures,
        three_seed_opening: r.three_seed_opening,
        wins,
        points,
        never_ending,
        max_setup_seeds_per_pit: r.max_setup_seeds_per_pit,
    };
    let parameters = parameters_of(&rules);
    errs.into_result(VariantDoc {
        variant: Variant::new(raw.name, rules),
        title: raw.title,
        summary: raw.summary,
        sources: raw.sources,
        readings: raw.readings,
        path: (src.path.as_os_str() != "").then(|| src.path.clone()),
        parameters,
    })
}

/// The rule parameters in the file's words, for display.
pub(crate) fn parameters_of(r: &Rules) -> Vec<(String, String)> {
    let yn = |b: bool| if b { "yes" } else { "no" }.to_string();
    let mut wins = Vec::new();
    for (on, name, pts) in [
        (r.wins.no_move, "no-move", r.points.no_move),
        (r.wins.nkutemye, "nkutemye", r.points.nkutemye),
        (r.wins.akawumbi, "akawumbi", r.points.akawumbi),
    ] {
        if on {
            wins.push(match pts {
                Some(p) => format!("{name} {p}"),
                None => name.to_string(),
            });
        }
    }
    let reverse = r.reverse_laps != ReverseLaps::None;
    let dash = || "—".to_string();
    vec![
        (
            "reverse_laps".into(),
            match r.reverse_laps {
                ReverseLaps::None => "none",
                ReverseLaps::StartChain => "start_chain",
                ReverseLaps::AnyLap => "any_lap",
                ReverseLaps::WholeMove => "whole_move",
            }
            .into(),
        ),
        (
            "reverse_reach_limit".into(),
            if reverse {
                yn(r.reverse_reach_limit)
            } else {
                dash()
            },
        ),
        (
            "reverse_start".into(),
            if !reverse {
                dash()
            } else if r.reverse_start == ReverseStart::Capture {
                "capture".into()
            } else {
                "facing_occupied".into()
            },
        ),
        (
            "after_capture".into(),
            match r.after_capture {
                AfterCapture::Continue => "continue",
                AfterCapture::RelayCapturingPit => "relay_capturing_pit",
            }
            .into(),
        ),
        ("first_move_captures".into(), yn(r.first_move_captures)),
        ("three_seed_opening".into(), yn(r.three_seed_opening)),
        ("wins".into(), wins.join(", ")),
        (
            "match_points".into(),
            r.points.match_target.map_or_else(dash, |p| p.to_string()),
        ),
        (
            "never_ending".into(),
            match r.never_ending {
                NeverEnding::Annul => "annul",
                NeverEnding::Draw => "draw",
                NeverEnding::Illegal => "illegal",
            }
            .into(),
        ),
    ]
}

/// The variants a site (or a command) knows by name.
#[derive(Clone, Debug)]
pub struct Variants {
    by_name: BTreeMap<String, VariantDoc>,
    /// The folder a file's `variant:` path must stay inside: the site's
    /// root for a site's files ([`Variants::within`]); without one, the
    /// folder of the file that names it.
    scope: Option<PathBuf>,
}

impl Variants {
    /// The four bundled variants.
    pub fn builtin() -> Variants {
        let mut by_name = BTreeMap::new();
        for ((name, _), text) in Rules::BUILTIN.iter().zip(BUILTIN_FILES) {
            let src = Source::new(format!("<built-in {name}.yaml>"), text);
            let mut doc = parse_variant(&src)
                .unwrap_or_else(|e| panic!("built-in variant {name} is invalid: {e}"));
            doc.path = None;
            by_name.insert(doc.variant.name.clone(), doc);
        }
        Variants {
            by_name,
            scope: None,
        }
    }

    /// These variants for the files of the site at `root`: a `variant:`
    /// path in them may name only a variant file inside the site.
    pub(crate) fn within(mut self, root: &Path) -> Variants {
        self.scope = Some(root.canonicalize().unwrap_or_else(|_| root.to_path_buf()));
        self
    }

    /// Add (or replace) the variants of every `*.yaml` file in `dir`.
    pub fn load_dir(&mut self, dir: &Path) -> Result<(), Diagnostics> {
        let mut errs = Diagnostics::default();
        // a site need not have its own variants, but one it has must be
        // readable
        let Some(files) = super::files_in(dir, &["yaml", "yml"])? else {
            return Ok(());
        };
        for f in files {
            match Source::read(&f)
                .map_err(Diagnostics::from)
                .and_then(|s| parse_variant(&s))
            {
                Ok(doc) => {
                    let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
                    if stem != doc.name() {
                        errs.push(Diagnostic::new(
                            &f,
                            1,
                            1,
                            format!(
                                "variant {} is in a file named {}: expected {}.yaml",
                                quote(doc.name()),
                                quote(stem),
                                doc.name()
                            ),
                        ));
                    }
                    self.by_name.insert(doc.name().to_string(), doc);
                }
                Err(e) => errs.extend(e),
            }
        }
        errs.into_result(())
    }

    /// The variant with this name.
    pub fn get(&self, name: &str) -> Option<&VariantDoc> {
        self.by_name.get(name)
    }

    /// The names of the variants, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().map(String::as_str)
    }

    /// The variants, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = &VariantDoc> {
        self.by_name.values()
    }

    /// Resolve a reference written in a file: a known name, or a path
    /// (relative to `base`, the folder of the file that names it) to a
    /// variant file (`.yaml` or `.yml`) inside the site, or, outside any
    /// site, inside `base`. Nothing else is read, so a file cannot make
    /// omweso read (and quote) another file elsewhere.
    pub fn resolve(&self, reference: &str, base: &Path) -> Result<VariantDoc, VariantError> {
        self.resolve_in(reference, base, true)
    }

    /// [`Variants::resolve`] for a name or path the user typed on the
    /// command line (relative to the current folder): any variant file.
    pub fn resolve_typed(&self, reference: &str) -> Result<VariantDoc, VariantError> {
        self.resolve_in(reference, Path::new("."), false)
    }

    fn resolve_in(
        &self,
        reference: &str,
        base: &Path,
        scoped: bool,
    ) -> Result<VariantDoc, VariantError> {
        if let Some(v) = self.get(reference) {
            return Ok(v.clone());
        }
        let yaml = reference.ends_with(".yaml") || reference.ends_with(".yml");
        if reference.contains('/') && !yaml {
            return Err(VariantError::NotYaml {
                reference: reference.to_string(),
            });
        }
        if yaml {
            let path = base.join(reference);
            if scoped {
                let here = if base.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    base
                };
                let scope = self
                    .scope
                    .clone()
                    .unwrap_or_else(|| here.canonicalize().unwrap_or_else(|_| here.to_path_buf()));
                // resolved (links followed) before anything is read
                let inside = path.canonicalize().is_ok_and(|p| p.starts_with(&scope));
                if !inside && path.exists() {
                    return Err(VariantError::Outside {
                        reference: reference.to_string(),
                        scope,
                    });
                }
            }
            let src = Source::read(&path).map_err(|d| VariantError::Unreadable {
                path: path.clone(),
                reason: d.message,
            })?;
            return parse_variant(&src).map_err(|errors| VariantError::Invalid { path, errors });
        }
        Err(VariantError::Unknown {
            reference: reference.to_string(),
            known: super::source::name_list(self.names()),
        })
    }
}

/// Why a variant reference does not resolve.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The reference is neither a known variant's name nor a file.
    #[error("unknown variant {}: expected one of {known} or a path to a variant file", quote(.reference))]
    Unknown {
        /// The reference as written.
        reference: String,
        /// The known names, in words.
        known: String,
    },
    /// The reference names a file that is not a `.yaml` or `.yml` file.
    #[error(
        "unknown variant {}: a variant file's name ends in .yaml or .yml; expected a \
         variant's name or a path to a variant file",
        quote(.reference)
    )]
    NotYaml {
        /// The reference as written.
        reference: String,
    },
    /// The reference names a file outside the folder variant files may
    /// be read from.
    #[error(
        "variant file {} is outside {}: a file may name only variant files inside \
         the site (or, outside a site, beside it)",
        quote(.reference),
        scope.display()
    )]
    Outside {
        /// The reference as written.
        reference: String,
        /// The folder variant files must be inside.
        scope: PathBuf,
    },
    /// The variant file could not be read.
    #[error("unknown variant file {}: {reason}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why it could not be read.
        reason: String,
    },
    /// The variant file was read but is not a valid variant.
    #[error("in {}: {errors}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it, located.
        errors: Diagnostics,
    },
}

impl VariantError {
    /// The problem's kind: an unknown name or unreadable file is an unknown
    /// variant; an invalid file, the kind of its first error.
    pub(crate) fn kind(&self) -> Kind {
        match self {
            VariantError::Unknown { .. }
            | VariantError::NotYaml { .. }
            | VariantError::Outside { .. }
            | VariantError::Unreadable { .. } => Kind::UnknownVariant,
            VariantError::Invalid { errors, .. } => {
                errors.0.first().map_or(Kind::Invalid, |d| d.kind)
            }
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn each_variant_is_said_in_sentences() {
        let words = |r: &Rules| -> String {
            rules_in_words(r)
                .iter()
                .map(|w| format!("{}: {}\n", w.topic, w.text))
                .collect()
        };
        let modern = words(&Rules::MODERN);
        assert!(modern.contains("three-seed move"), "{modern}");
        // one statement of the opening, the setting-up chapter's: any turn
        // before the game's first capture, not only a player's first move
        assert!(
            modern.contains("Until the game's first capture, either player may, on any turn"),
            "{modern}"
        );
        assert!(modern.contains("(Akawumbi) (12 points)"), "{modern}");
        assert!(modern.contains("first to reach 12 points"), "{modern}");
        assert!(modern.contains("after a relay"), "{modern}");
        let shackell = words(&Rules::SHACKELL_1935);
        assert!(shackell.contains("A player may capture on their first move"));
        assert!(shackell.contains("no further round than pit 9"));
        assert!(!shackell.contains("Akawumbi"));
        assert!(!shackell.contains("points"));
        let ludii = words(&Rules::LUDII);
        assert!(ludii.contains("holds for every relay"), "{ludii}");
        assert!(ludii.contains("lifting the capturing pit"), "{ludii}");
        let mcgill = words(&Rules::MCGILL_2015);
        assert!(mcgill.contains("there is no going back"), "{mcgill}");
        for r in [
            Rules::MODERN,
            Rules::SHACKELL_1935,
            Rules::LUDII,
            Rules::MCGILL_2015,
        ] {
            assert_eq!(rules_in_words(&r).len(), 6);
        }
    }

    use super::*;

    #[test]
    fn builtin_variants_match_the_contract() {
        let v = Variants::builtin();
        // the files shipped are the contract's rule sets, under its names
        assert_eq!(v.iter().count(), Rules::BUILTIN.len());
        for (name, rules) in Rules::BUILTIN {
            let doc = v.get(name).unwrap();
            assert_eq!(doc.name(), name);
            assert_eq!(doc.variant.rules, rules, "{name}");
        }
        for doc in v.iter() {
            assert!(!doc.sources.is_empty(), "{} cites no source", doc.name());
            assert!(
                !doc.readings.is_empty(),
                "{} documents no reading",
                doc.name()
            );
        }
    }

    fn err(text: &str) -> String {
        parse_variant(&Source::new("v.yaml", text))
            .unwrap_err()
            .to_string()
    }

    /// Where the first problem is, and its kind.
    fn problem(text: &str) -> ((usize, usize), Kind) {
        let e = parse_variant(&Source::new("v.yaml", text)).unwrap_err();
        ((e.0[0].line, e.0[0].column), e.0[0].kind)
    }

    const BASE: &str = "name: x\ntitle: X\nrules:\n  reverse_laps: none\n  after_capture: continue\n  first_move_captures: true\n  three_seed_opening: false\n  wins: [no_move]\n  never_ending: annul\n";

    #[test]
    fn variant_errors_are_located() {
        assert!(parse_variant(&Source::new("v.yaml", BASE)).is_ok());
        assert_eq!(
            problem(&format!("{BASE}  colour: red\n")),
            ((10, 3), Kind::UnknownKey)
        );
        assert_eq!(
            problem(&BASE.replace("annul", "sometimes")),
            ((9, 17), Kind::UnknownValue)
        );
        let e = err(&BASE.replace(
            "reverse_laps: none",
            "reverse_laps: any_lap\n  reverse_start: facing_occupied",
        ));
        assert!(e.starts_with("v.yaml:5:18: unsupported combination"), "{e}");
        let e = err(&format!("{BASE}  points: {{akawumbi: 12}}\n"));
        assert!(e.starts_with("v.yaml:10:22: points for akawumbi"), "{e}");
        for url in [
            "javascript:alert(1)",
            " JavaScript:x",
            "data:text/html,x",
            "//evil",
            "http://a b",
        ] {
            let e = err(&format!(
                "{BASE}sources:\n  - cite: A\n  - cite: B\n    url: {url:?}\n"
            ));
            assert!(e.starts_with("v.yaml:13:10: unsafe url"), "{url}: {e}");
        }
        let ok = format!("{BASE}sources:\n  - cite: A\n    url: https://example.org/a?b=c\n");
        assert!(parse_variant(&Source::new("v.yaml", ok)).is_ok());
    }
}

/// One rule of a variant in a reader's words: what it is about and what
/// the variant says.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct RuleInWords {
    /// What the rule is about ("Going back").
    pub topic: &'static str,
    /// What the variant says, in a sentence.
    pub text: String,
}

/// A variant's rules in sentences, in the order a player meets them: the
/// set-up, the first move, going back, captures, winning, moves that never
/// end.
pub(crate) fn rules_in_words(r: &Rules) -> Vec<RuleInWords> {
    let mut out = Vec::new();
    let mut add = |topic, text: String| out.push(RuleInWords { topic, text });
    if let Some(n) = r.max_setup_seeds_per_pit {
        add(
            "Setting up",
            format!("Each player arranges their 32 seeds freely, no pit holding more than {n}."),
        );
    } else {
        add(
            "Setting up",
            "Each player arranges their 32 seeds freely on their own 16 pits.".into(),
        );
    }
    add(
        if r.three_seed_opening {
            "The first move and the opening"
        } else {
            "The first move"
        },
        match (r.first_move_captures, r.three_seed_opening) {
            (false, true) => "A player captures nothing on their first move. Until the game's first capture, either player may, on any turn, play the three-seed move instead of an ordinary one: a pit of exactly three sown as two into the next pit and one into the pit after, which ends the move.",
            (false, false) => "A player captures nothing on their first move.",
            (true, true) => "A player may capture on their first move. Until the game's first capture, either player may, on any turn, play the three-seed move instead of an ordinary one: a pit of exactly three sown as two into the next pit and one into the pit after, which ends the move.",
            (true, false) => "A player may capture on their first move, as on any other.",
        }
        .into(),
    );
    let reach = if r.reverse_reach_limit {
        " A clockwise lap reaches no further round than pit 9."
    } else {
        ""
    };
    let start = if r.reverse_start == ReverseStart::Capture {
        ""
    } else {
        " It may start clockwise when its last seed would land in an inner pit whose two facing pits hold seeds, even an empty one (the move then ends)."
    };
    add(
        "Going back (Okutebuka)",
        match r.reverse_laps {
            ReverseLaps::None => {
                "Every lap is sown anticlockwise: there is no going back.".to_string()
            }
            ReverseLaps::StartChain => format!(
                "A move may start clockwise from a left-hand pit (1, 2, 15 or 16) when that first lap ends in a capture, and the seeds it captures may go clockwise again; once a lap goes anticlockwise, so does the rest of the move.{reach}"
            ),
            ReverseLaps::AnyLap => format!(
                "Any lap that starts from a left-hand pit may go clockwise if it ends in a capture: at the start, after a relay, or with captured seeds.{reach}"
            ),
            ReverseLaps::WholeMove => format!(
                "The direction chosen at the start holds for every relay of the move; captured seeds are always sown anticlockwise.{start}{reach}"
            ),
        },
    );
    add(
        "After a capture",
        match r.after_capture {
            AfterCapture::Continue => "The captured seeds are sown from the start of the capturing lap; where the last of them lands counts like any lap's end (empty: the move ends; occupied: relay or capture again).",
            AfterCapture::RelayCapturingPit => "The captured seeds are sown from the capturing lap's start, then the move goes on by lifting the capturing pit, in the move's direction.",
        }
        .into(),
    );
    let mut wins = Vec::new();
    let pts = |p: Option<u32>| match p {
        Some(1) => " (1 point)".to_string(),
        Some(n) => format!(" ({n} points)"),
        None => String::new(),
    };
    if r.wins.no_move {
        // "okwa bulijo" is the modern account's name for it, where wins
        // score points; Shackell and Ludii give it no name
        let name = if r.points.no_move.is_some() {
            " (okwa bulijo)"
        } else {
            ""
        };
        wins.push(format!(
            "leaving the opponent without a legal move{name}{}",
            pts(r.points.no_move)
        ));
    }
    if r.wins.nkutemye {
        wins.push(format!(
            "capturing from both of the opponent's end columns in one move (Nkutemye){}",
            pts(r.points.nkutemye)
        ));
    }
    if r.wins.akawumbi {
        wins.push(format!(
            "capturing from all eight of the opponent's columns in one move, the last from an end column (Akawumbi){}",
            pts(r.points.akawumbi)
        ));
    }
    let mut text = match wins.len() {
        0 => "No way of winning is set.".to_string(),
        1 => format!("A player wins by {}.", wins[0]),
        _ => {
            let last = wins.pop().unwrap_or_default();
            format!("A player wins by {}, or by {last}.", wins.join(", by "))
        }
    };
    if let Some(m) = r.points.match_target {
        text.push_str(&format!(" A match goes to the first to reach {m} points."));
    }
    add("Winning", text);
    add(
        "A move that never ends",
        match r.never_ending {
            NeverEnding::Annul => "If a move would go on for ever, the game does not count.",
            NeverEnding::Draw => "If a move would go on for ever, the game is drawn.",
            NeverEnding::Illegal => "A move that would go on for ever may not be played.",
        }
        .into(),
    );
    out
}
