//! What an author adds to a position to explain it: the drawing's seat and
//! labels, highlighted pits, arrows and notes on laps. Plain data, validated
//! by the position loader.

use omweso_engine::{Pit, Side};

/// A pit on the board: its owner and its number in the owner's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PitRef {
    /// The side that owns the pit.
    pub side: Side,
    /// The pit in its owner's numbering (Shackell's: 1–8 the outer row left to right, 9–16 the
    /// inner row right to left, from the owner's seat).
    pub pit: Pit,
}

impl PitRef {
    /// The pit `pit` of `side`.
    pub fn new(side: Side, pit: Pit) -> PitRef {
        PitRef { side, pit }
    }

    /// Parse `S5` / `n12`.
    pub fn parse(text: &str) -> Option<PitRef> {
        let t = text.trim();
        let mut chars = t.chars();
        let side = match chars.next()?.to_ascii_uppercase() {
            'S' => Side::South,
            'N' => Side::North,
            _ => return None,
        };
        let rest = chars.as_str();
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.len() > 2 {
            return None;
        }
        Some(PitRef {
            side,
            pit: Pit::new(rest.parse().ok()?)?,
        })
    }
}

impl std::fmt::Display for PitRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::narrate::pit(self.side, self.pit))
    }
}

/// The look of a highlight. `Start`, `Relay`, `End` and `Capture` look
/// exactly like the marks the diagrams draw for what a move does (the pit
/// lifted, a relay, the last seed of a move, captured seeds), so a mark
/// means one thing whoever drew it; `Mark`, `Danger` and `Good` are the
/// author's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightStyle {
    /// Where the move starts: the pit lifted (or sown from).
    Start,
    /// A neutral mark: "look here" (the label says why).
    Mark,
    /// Pits captured or about to be.
    Capture,
    /// A weakness or threat.
    Danger,
    /// A strong point.
    Good,
    /// The last seed of a lap falls here and the pit is sown on (relay).
    Relay,
    /// The last seed of the move falls here: the move ends.
    End,
}

impl HighlightStyle {
    /// Every style, in the order the format documents them.
    pub const ALL: [HighlightStyle; 7] = [
        HighlightStyle::Start,
        HighlightStyle::Mark,
        HighlightStyle::Capture,
        HighlightStyle::Danger,
        HighlightStyle::Good,
        HighlightStyle::Relay,
        HighlightStyle::End,
    ];

    /// The name written in a position file's `highlight` entries (`start`, `mark`, …).
    pub fn name(self) -> &'static str {
        match self {
            HighlightStyle::Start => "start",
            HighlightStyle::Mark => "mark",
            HighlightStyle::Capture => "capture",
            HighlightStyle::Danger => "danger",
            HighlightStyle::Good => "good",
            HighlightStyle::Relay => "relay",
            HighlightStyle::End => "end",
        }
    }

    /// The style named `s` in a position file, if there is one.
    pub fn parse(s: &str) -> Option<HighlightStyle> {
        Self::ALL.into_iter().find(|h| h.name() == s)
    }
}

/// Pits marked alike, with an optional label, drawn on the diagram's
/// first frame (the board before the move) and said in its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// The pits marked.
    pub pits: Vec<PitRef>,
    /// How they are marked.
    pub style: HighlightStyle,
    /// Words shown with the mark, if any.
    pub label: Option<String>,
}

/// An arrow from one pit to another, drawn on the diagram's first frame
/// (the board before the move) and said in its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The pit the arrow starts at.
    pub from: PitRef,
    /// The pit the arrow points to.
    pub to: PitRef,
    /// Words shown with the arrow, if any.
    pub label: Option<String>,
}

/// Text attached to a lap of the illustrated move (lap 1 = the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The lap the note belongs to, counted from 1 (the start lap); 0 puts
    /// it under the board before the move, and a number past the move's
    /// last lap under the board after it.
    pub lap: usize,
    /// The note's words.
    pub text: String,
}

/// Everything about how a position is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotations {
    /// The diagram's id, unique in a site: the page gives its figure the
    /// id `pos-ID`, and links use it.
    pub id: Option<String>,
    /// The heading drawn above the board, if any.
    pub title: Option<String>,
    /// The words below the diagram (the page's figure caption), if any.
    pub caption: Option<String>,
    /// The side drawn at the bottom.
    pub seat: Side,
    /// Draw pit numbers.
    pub labels: bool,
    /// Pits to mark.
    pub highlights: Vec<Highlight>,
    /// Arrows to draw between pits.
    pub arrows: Vec<Arrow>,
    /// Words attached to laps of the move.
    pub notes: Vec<Note>,
}

impl Default for Annotations {
    fn default() -> Self {
        Annotations {
            id: None,
            title: None,
            caption: None,
            seat: Side::South,
            labels: false,
            highlights: Vec::new(),
            arrows: Vec::new(),
            notes: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pit_refs_parse() {
        assert_eq!(
            PitRef::parse("S5"),
            Some(PitRef::new(Side::South, Pit::new(5).unwrap()))
        );
        assert_eq!(
            PitRef::parse("n16"),
            Some(PitRef::new(Side::North, Pit::new(16).unwrap()))
        );
        for bad in ["", "S", "S0", "S17", "X3", "S 3", "S003", "5"] {
            assert_eq!(PitRef::parse(bad), None, "{bad}");
        }
    }
}
