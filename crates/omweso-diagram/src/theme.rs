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
    v("pit-shade", "#d9c4a3", "#201a14", "#bbbbbb"),
    v("seed", "#5b3b22", "#e0c9a6", "#000000"),
    v("count", "#2a2119", "#f3eadc", "#000000"),
    v("label", "#4a3320", "#e6d5bd", "#000000"),
    v("path", "#1f5fa8", "#7fb4f0", "#000000"),
    v("path-cw", "#a8431f", "#f0a07f", "#000000"),
    v("relay", "#1f5fa8", "#7fb4f0", "#000000"),
    v("end", "#2f7a3d", "#86d195", "#000000"),
    v("capture", "#b3261e", "#ff8a80", "#000000"),
    v("lift", "#6a4c93", "#c3a6ec", "#000000"),
    v("arrow", "#3d3a8c", "#b0acf5", "#000000"),
    v("hl-start", "#1f5fa8", "#7fb4f0", "#000000"),
    v("hl-mark", "#6a4c93", "#c3a6ec", "#000000"),
    v("hl-capture", "#b3261e", "#ff8a80", "#000000"),
    v("hl-danger", "#c25e00", "#ffb366", "#000000"),
    v("hl-good", "#2f7a3d", "#86d195", "#000000"),
    v("pill-ink", "#ffffff", "#15130f", "#ffffff"),
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
const RULES: &str = "
.omw-bg { fill: var(--omw-bg); }
.omw-board { fill: var(--omw-board); stroke: var(--omw-board-edge); stroke-width: 2; }
.omw-groove { stroke: var(--omw-groove); stroke-width: 2; stroke-linecap: round; }
.omw-reverse-zone { fill: var(--omw-reverse-zone); stroke: var(--omw-board-edge); stroke-width: 1; stroke-dasharray: 2 3; stroke-opacity: 0.6; }
.omw-pit { fill: var(--omw-pit); stroke: var(--omw-pit-edge); stroke-width: 1.5; }
.omw-pit-shade { fill: none; stroke: var(--omw-pit-shade); stroke-width: 3; stroke-linecap: round; }
.omw-dim { opacity: 0.45; }
.omw-seed { fill: var(--omw-seed); }
.omw-count { fill: var(--omw-count); font-family: var(--omw-font); font-weight: bold; text-anchor: middle; stroke: var(--omw-pit); stroke-width: 4; stroke-linejoin: round; paint-order: stroke; }
.omw-pitno { fill: var(--omw-label); font-family: var(--omw-font); font-size: 10px; }
.omw-side { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 14px; font-weight: bold; letter-spacing: 0.5px; }
.omw-side-info { fill: var(--omw-muted); font-family: var(--omw-font); font-size: 12px; }
.omw-heading { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 19px; font-weight: bold; }
.omw-subheading { fill: var(--omw-muted); font-family: var(--omw-font); font-size: 14px; }
.omw-footer { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 13px; }
.omw-banner-box { fill: var(--omw-bg); stroke: var(--omw-ink); stroke-width: 1.5; stroke-dasharray: 6 4; }
.omw-banner { fill: var(--omw-ink); font-family: var(--omw-font); font-size: 17px; font-weight: bold; text-anchor: middle; }
.omw-path { fill: none; stroke: var(--omw-path); stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; stroke-opacity: 0.75; }
.omw-path-cw { fill: none; stroke: var(--omw-path-cw); stroke-width: 4; stroke-linecap: butt; stroke-linejoin: round; stroke-dasharray: 9 6; stroke-opacity: 0.85; }
.omw-head { fill: var(--omw-path); stroke: none; }
.omw-head-cw { fill: none; stroke: var(--omw-path-cw); stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; }
.omw-path-start { fill: var(--omw-path); }
.omw-path-start-cw { fill: var(--omw-bg); stroke: var(--omw-path-cw); stroke-width: 3; }
.omw-ring-lift { fill: none; stroke: var(--omw-lift); stroke-width: 2.5; stroke-dasharray: 4 3; }
.omw-ring-lift-cw { fill: none; stroke: var(--omw-path-cw); stroke-width: 2.5; stroke-dasharray: 4 3; }
.omw-ring-relay { fill: none; stroke: var(--omw-relay); stroke-width: 3.5; }
.omw-ring-end { fill: none; stroke: var(--omw-end); stroke-width: 2; }
.omw-ring-capture-at { fill: none; stroke: var(--omw-capture); stroke-width: 3.5; }
.omw-ring-captured { fill: none; stroke: var(--omw-capture); stroke-width: 3; stroke-dasharray: 7 4; }
.omw-cross { stroke: var(--omw-capture); stroke-width: 2.5; stroke-linecap: round; stroke-opacity: 0.7; }
.omw-capture-group { fill: none; stroke: var(--omw-capture); stroke-width: 2; stroke-dasharray: 2 4; stroke-linecap: round; }
.omw-capture-arrow { fill: none; stroke: var(--omw-capture); stroke-width: 3; stroke-dasharray: 10 4; stroke-linecap: round; }
.omw-capture-head { fill: var(--omw-capture); }
.omw-arrow { fill: none; stroke: var(--omw-arrow); stroke-width: 3; stroke-linecap: round; }
.omw-arrow-head { fill: var(--omw-arrow); }
.omw-arrow-label { fill: var(--omw-arrow); font-family: var(--omw-font); font-size: 12px; font-weight: bold; text-anchor: middle; stroke: var(--omw-bg); stroke-width: 4; stroke-linejoin: round; paint-order: stroke; }
.omw-pill { stroke: none; }
.omw-pill-text { fill: var(--omw-pill-ink); font-family: var(--omw-font); font-size: 10px; font-weight: bold; text-anchor: middle; }
.omw-pill-lift { fill: var(--omw-lift); }
.omw-pill-relay { fill: var(--omw-relay); }
.omw-pill-end { fill: var(--omw-end); }
.omw-pill-capture { fill: var(--omw-capture); }
.omw-pill-drop { fill: var(--omw-muted); }
.omw-pill-cw { fill: var(--omw-path-cw); }
.omw-hl { fill: none; stroke-width: 3; }
.omw-hl-start { stroke: var(--omw-hl-start); stroke-width: 3.5; }
.omw-hl-mark { stroke: var(--omw-hl-mark); stroke-dasharray: 1 5; stroke-linecap: round; stroke-width: 3.5; }
.omw-hl-capture { stroke: var(--omw-hl-capture); stroke-dasharray: 8 4; }
.omw-hl-danger { stroke: var(--omw-hl-danger); stroke-dasharray: 10 3 2 3; }
.omw-hl-good { stroke: var(--omw-hl-good); stroke-dasharray: 14 3; }
.omw-pill-hl-start { fill: var(--omw-hl-start); }
.omw-pill-hl-mark { fill: var(--omw-hl-mark); }
.omw-pill-hl-capture { fill: var(--omw-hl-capture); }
.omw-pill-hl-danger { fill: var(--omw-hl-danger); }
.omw-pill-hl-good { fill: var(--omw-hl-good); }
";

fn declarations(pick: fn(&Var) -> &'static str) -> String {
    let mut s = String::new();
    for var in VARS {
        s.push_str(&format!(" --omw-{}: {};", var.name, pick(var)));
    }
    s
}

/// The class rules with every `var(--omw-NAME)` of the template written as
/// `value(var)`.
fn rules(value: impl Fn(&Var) -> String) -> String {
    let mut out = String::with_capacity(RULES.len() * 2);
    let mut rest = RULES;
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

/// The adaptive stylesheet: the variables' light values, a dark and a
/// print override, and the class rules.
pub(crate) fn stylesheet() -> String {
    let mut s = String::new();
    s.push_str(&format!(
        ".omw-diagram {{{} }}\n",
        declarations(|v| v.light)
    ));
    s.push_str(&format!(
        "@media (prefers-color-scheme: dark) {{ .omw-diagram {{{} }} }}\n",
        declarations(|v| v.dark)
    ));
    s.push_str(&format!(
        "@media print {{ .omw-diagram {{{} }} }}",
        declarations(|v| v.print)
    ));
    s.push_str(&rules(|v| format!("var(--omw-{})", v.name)));
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
        let pick: fn(&Var) -> &'static str = match self {
            Theme::Adaptive => return stylesheet(),
            Theme::Light => |v| v.light,
            Theme::Dark => |v| v.dark,
            Theme::Print => |v| v.print,
        };
        // the rules start with a newline, as after the adaptive declarations
        rules(|v| pick(v).to_string()).trim_start().to_string()
    }
}
