//! The diagrams' look: CSS custom properties (`--omw-*`) with light
//! defaults, a dark override and a print override, and the class rules that
//! use them. A site themes the diagrams by setting the variables.

/// One theme variable: name (without `--omw-`), light value, dark value.
pub(crate) struct Var {
    pub name: &'static str,
    pub light: &'static str,
    pub dark: &'static str,
    /// Value for print (black and white friendly).
    pub print: &'static str,
}

/// Every theme variable, in a fixed order.
pub(crate) const VARS: &[Var] = &[
    v("bg", "#fbf8f2", "#1b1a18", "#ffffff"),
    v("ink", "#2a2119", "#efe6d8", "#000000"),
    v("muted", "#6f6051", "#b3a592", "#444444"),
    v("board", "#c99a62", "#5a4029", "#ffffff"),
    v("board-edge", "#8a5f34", "#2f2116", "#000000"),
    v("groove", "#8a5f34", "#2f2116", "#000000"),
    v("reverse-zone", "#b98a54", "#4d3622", "#eeeeee"),
    v("pit", "#f5ead7", "#2c241c", "#ffffff"),
    v("pit-edge", "#7a5330", "#1a140f", "#000000"),
    v("pit-shade", "#e3d2b6", "#241d16", "#dddddd"),
    v("seed", "#5b3b22", "#e0c9a6", "#000000"),
    v("count", "#2a2119", "#f3eadc", "#000000"),
    v("label", "#6b4f37", "#cdb89c", "#333333"),
    // one colour per meaning: seeds sown (the pit lifted, the path, a
    // relay), the move ends, a capture; and the author's own marks
    v("sow", "#1f5fa8", "#7fb4f0", "#000000"),
    v("end", "#2f7a3d", "#86d195", "#000000"),
    v("capture", "#b3261e", "#ff8a80", "#000000"),
    v("arrow", "#2a2119", "#efe6d8", "#000000"),
    v("hl-mark", "#6a4c93", "#c3a6ec", "#000000"),
    v("hl-danger", "#c25e00", "#ffb366", "#000000"),
    v("hl-good", "#00727d", "#6fd6e0", "#000000"),
    v(
        "font",
        "\"DejaVu Sans\", \"Segoe UI\", system-ui, -apple-system, Roboto, \"Helvetica Neue\", Arial, sans-serif",
        "\"DejaVu Sans\", \"Segoe UI\", system-ui, -apple-system, Roboto, \"Helvetica Neue\", Arial, sans-serif",
        "\"DejaVu Sans\", \"Segoe UI\", system-ui, -apple-system, Roboto, \"Helvetica Neue\", Arial, sans-serif",
    ),
];

const fn v(
    name: &'static str,
    light: &'static str,
    dark: &'static str,
    print: &'static str,
) -> Var {
    Var {
        name,
        light,
        dark,
        print,
    }
}

/// Class rules; `var(--omw-NAME)` refers to the variables above. Only simple
/// class selectors, so that every renderer (resvg included) applies them.
///
/// One colour and one shape per meaning, whoever drew the mark (the move
/// or the author's highlight): a single solid ring is the pit lifted
/// (`sow`), a double ring a relay (`sow`), a rounded square the pit where
/// the move ends (`end`), a double ring with a dashed outer ring the pit
/// that captures and a dashed ring a pit captured from (`capture`); the
/// author's own marks are a dotted ring (look here), a dash-dot ring
/// (danger) and a long-dashed ring (a strong point). Seeds sown run along
/// a lane outside the pits (solid anticlockwise, dashed clockwise), a dot
/// where each seed falls; captured seeds go back in a dashed lane.
const RULES: &str = "
.omw-bg { fill: var(--omw-bg); }
.omw-board { fill: var(--omw-board); stroke: var(--omw-board-edge); stroke-width: 2; }
.omw-groove { stroke: var(--omw-groove); stroke-width: 2; stroke-linecap: round; }
.omw-reverse-zone { fill: var(--omw-reverse-zone); stroke: var(--omw-board-edge); stroke-width: 1; stroke-dasharray: 2 3; stroke-opacity: 0.6; }
.omw-pit { fill: var(--omw-pit); stroke: var(--omw-pit-edge); stroke-width: 1.5; }
.omw-pit-shade { fill: none; stroke: var(--omw-pit-shade); stroke-width: 3; stroke-linecap: round; }
.omw-dim { opacity: 0.45; }
.omw-seed { fill: var(--omw-seed); }
.omw-seeds { fill: none; stroke: var(--omw-seed); stroke-width: 5.2; stroke-linecap: round; }
.omw-count { fill: var(--omw-count); font-family: var(--omw-font); font-size: 20px; font-weight: bold; text-anchor: middle; stroke: var(--omw-pit); stroke-width: 4; stroke-linejoin: round; paint-order: stroke; }
.omw-count-big { font-size: 23px; }
.omw-pitno { fill: var(--omw-label); font-family: var(--omw-font); font-size: 12.5px; text-anchor: middle; }
.omw-side { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 14px; font-weight: bold; letter-spacing: 0.5px; }
.omw-side-info { fill: var(--omw-muted); font-family: var(--omw-font); font-size: 12px; font-weight: normal; letter-spacing: 0; }
.omw-heading { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 19px; font-weight: bold; }
.omw-subheading { fill: var(--omw-muted); font-family: var(--omw-font); font-size: 14px; }
.omw-footer { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 13px; }
.omw-key-text { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 13px; }
.omw-banner-box { fill: var(--omw-bg); stroke: var(--omw-ink); stroke-width: 1.5; stroke-dasharray: 6 4; }
.omw-banner { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 17px; font-weight: bold; text-anchor: middle; }
.omw-path { fill: none; stroke: var(--omw-sow); stroke-width: 3.5; stroke-linecap: round; stroke-linejoin: round; }
.omw-path-cw { fill: none; stroke: var(--omw-sow); stroke-width: 3.5; stroke-linecap: butt; stroke-linejoin: round; stroke-dasharray: 8 5; }
.omw-head { fill: var(--omw-sow); stroke: none; }
.omw-head-cw { fill: none; stroke: var(--omw-sow); stroke-width: 3; stroke-linecap: round; stroke-linejoin: round; }
.omw-path-start { fill: var(--omw-sow); stroke: var(--omw-board); stroke-width: 1.5; }
.omw-sown { fill: var(--omw-sow); }
.omw-sown-dots { fill: none; stroke: var(--omw-sow); stroke-width: 6; stroke-linecap: round; }
.omw-ring-lift { fill: none; stroke: var(--omw-sow); stroke-width: 3.5; }
.omw-ring-relay { fill: none; stroke: var(--omw-sow); stroke-width: 2.2; }
.omw-ring-end { fill: none; stroke: var(--omw-end); stroke-width: 3.5; }
.omw-ring-capture-at { fill: none; stroke: var(--omw-capture); stroke-width: 2.2; }
.omw-ring-capture-at-out { fill: none; stroke: var(--omw-capture); stroke-width: 2.2; stroke-dasharray: 5 3; }
.omw-ring-captured { fill: none; stroke: var(--omw-capture); stroke-width: 3; stroke-dasharray: 7 4; }
.omw-ring-mark { fill: none; stroke: var(--omw-hl-mark); stroke-width: 3.5; stroke-dasharray: 0.1 5.5; stroke-linecap: round; }
.omw-ring-danger { fill: none; stroke: var(--omw-hl-danger); stroke-width: 3; stroke-dasharray: 10 3 2 3; }
.omw-ring-good { fill: none; stroke: var(--omw-hl-good); stroke-width: 3; stroke-dasharray: 14 4; }
.omw-cross { stroke: var(--omw-capture); stroke-width: 2.5; stroke-linecap: round; stroke-opacity: 0.7; }
.omw-capture-arrow { fill: none; stroke: var(--omw-capture); stroke-width: 3; stroke-dasharray: 7 4; stroke-linecap: butt; stroke-linejoin: round; }
.omw-capture-head { fill: var(--omw-capture); }
.omw-arrow { fill: none; stroke: var(--omw-arrow); stroke-width: 2.5; stroke-linecap: round; stroke-linejoin: round; }
.omw-arrow-head { fill: var(--omw-arrow); }
";

/// The rules of a printed sheet's board ([`crate::Layout::Sheet`]), added
/// to [`RULES`] for it: the pits' names on their bands (the side to
/// move's in bold), the counts and the side names larger, to be read at
/// about half the board's size; no halo round the counts (no lane crosses
/// a sheet's pits).
const SHEET_RULES: &str = "
.omw-pitname { fill: var(--omw-label); font-family: var(--omw-font); font-size: 17.5px; text-anchor: middle; }
.omw-pitname-mover { fill: var(--omw-ink); font-weight: bold; }
.omw-count-sheet { font-size: 26px; stroke: none; }
.omw-side-sheet { font-size: 18.5px; }
.omw-side-info-sheet { font-size: 18.5px; }
";

/// On a phone (a page, or a picture, at most 40rem wide) a diagram is
/// drawn at about half its size: its words are drawn larger, to be at
/// least 11 CSS px from 360 px up (a board 608 units wide in about 330
/// px). The drawing leaves room for these sizes (the pit numbers above the
/// counts, the side names above and below the board). For browsers: the
/// adaptive stylesheet only.
const PHONE_RULES: &str = "@media (max-width: 40rem) {
.omw-count { font-size: 22px; }
.omw-count-big { font-size: 24px; }
.omw-pitno { font-size: 20.5px; letter-spacing: -0.5px; }
.omw-side { font-size: 21px; }
.omw-side-info { font-size: 21px; }
}
";

/// The class rules of `template` with every `var(--omw-NAME)` written as
/// `value(var)`.
fn rules_of(template: &str, value: impl Fn(&Var) -> String) -> String {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(i) = rest.find("var(--omw-") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "var(--omw-".len()..];
        let end = after.find(')').expect("a closed var() in the rules");
        let name = &after[..end];
        let var = VARS
            .iter()
            .find(|v| v.name == name)
            .expect("every variable of the rules is in the table");
        out.push_str(&value(var));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The class rules ([`RULES`]) with every `var(--omw-NAME)` written as
/// `value(var)`.
fn rules(value: impl Fn(&Var) -> String) -> String {
    rules_of(RULES, value)
}

/// The adaptive stylesheet: the variables' light values, a dark and a
/// print override, and the class rules.
pub(crate) fn stylesheet() -> String {
    adaptive(None)
}

/// The adaptive stylesheet, its font `font` when given.
fn adaptive(font: Option<&str>) -> String {
    let pick = |value: fn(&Var) -> &'static str| {
        move |v: &Var| match font {
            Some(f) if v.name == "font" => f.to_string(),
            _ => value(v).to_string(),
        }
    };
    let (light, dark, print) = (pick(|v| v.light), pick(|v| v.dark), pick(|v| v.print));
    let mut s = String::new();
    // (a key's swatch is an `omw-swatch` alone)
    s.push_str(&format!(
        ".omw-diagram, .omw-swatch {{{} }}\n",
        declarations_of(&light)
    ));
    s.push_str(&format!(
        "@media (prefers-color-scheme: dark) {{ .omw-diagram, .omw-swatch {{{} }} }}\n",
        declarations_of(&dark)
    ));
    s.push_str(&format!(
        "@media print {{ .omw-diagram, .omw-swatch {{{} }} }}",
        declarations_of(&print)
    ));
    s.push_str(&rules(|v| format!("var(--omw-{})", v.name)));
    s.push_str(PHONE_RULES);
    s
}

/// The variables' declarations, each valued by `value`.
fn declarations_of(value: &impl Fn(&Var) -> String) -> String {
    let mut s = String::new();
    for var in VARS {
        s.push_str(&format!(" --omw-{}: {};", var.name, value(var)));
    }
    s
}

/// The colours of a rendering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// CSS custom properties (`--omw-*`) with light values, overridden for
    /// `prefers-color-scheme: dark` and for print; a page can restyle them.
    #[default]
    Adaptive,
    /// Fixed light colours (no custom properties: for rasterisers such as
    /// resvg).
    Light,
    /// Fixed dark colours.
    Dark,
    /// Fixed black and white, for print.
    Print,
}

impl Theme {
    /// The diagrams' stylesheet for this theme: [`Theme::Adaptive`] declares
    /// the variables and uses them; the fixed themes write their colours
    /// into the rules.
    pub fn stylesheet(self) -> String {
        self.stylesheet_for(crate::Layout::Full, None)
    }

    /// The stylesheet for frames drawn in `layout`: [`Theme::stylesheet`],
    /// and for [`crate::Layout::Sheet`] the sheet's own rules after it;
    /// with `font` (a CSS `font-family` value), the diagrams' words are
    /// set in that font instead of the theme's (a printed sheet in its
    /// own type).
    ///
    /// ```
    /// use omweso_diagram::{Layout, Theme};
    /// let css = Theme::Print.stylesheet_for(Layout::Sheet, Some("\"Source Sans 3\", sans-serif"));
    /// assert!(css.starts_with(&Theme::Print.stylesheet()[..20]));
    /// assert!(css.contains(".omw-pitname {") && css.contains("\"Source Sans 3\", sans-serif"));
    /// assert!(!css.contains("DejaVu"));
    /// assert_eq!(Theme::Light.stylesheet_for(Layout::Board, None), Theme::Light.stylesheet());
    /// ```
    pub fn stylesheet_for(self, layout: crate::Layout, font: Option<&str>) -> String {
        let pick: fn(&Var) -> &'static str = match self {
            Theme::Adaptive => |v| v.light,
            Theme::Light => |v| v.light,
            Theme::Dark => |v| v.dark,
            Theme::Print => |v| v.print,
        };
        let value = |v: &Var| match font {
            Some(f) if v.name == "font" => f.to_string(),
            _ => pick(v).to_string(),
        };
        let mut s = match self {
            Theme::Adaptive => adaptive(font),
            // the rules start with a newline, as after the adaptive
            // declarations
            _ => rules(value).trim_start().to_string(),
        };
        if layout == crate::Layout::Sheet {
            s.push_str(&match self {
                Theme::Adaptive => rules_of(SHEET_RULES, |v| format!("var(--omw-{})", v.name)),
                _ => rules_of(SHEET_RULES, value),
            });
        }
        s
    }
}
