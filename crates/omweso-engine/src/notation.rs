//! Move notation.
//!
//! A move is written as its start pit, optionally preceded by the mover's
//! side, followed by one letter per choice point:
//!
//! - `12` — pit 12, every lap anticlockwise (the default);
//! - `2C` — pit 2, starting clockwise;
//! - `7AC` — pit 7 anticlockwise, clockwise at the first later choice point;
//! - `5T` — the three-seed opening from pit 5;
//! - `S12`, `N2C` — the same with the mover named (checked when played).
//!
//! Letters are case-insensitive. Choice points past the last letter take the
//! default, anticlockwise, so trailing `A`s are dropped when printing: the
//! printed form is canonical and `parse(print(m)) == m` up to those. Every
//! letter written must still meet a choice point when the move is played
//! (`5AAA` for a move with one choice point is refused, not read as `5`).

use super::board::{Pit, Side};
use super::move_types::Move;
use super::quote::quote;
use super::sowing::Direction;
use std::fmt;

/// A parsed move with its optional side prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notated {
    /// The side written before the pit (`S`, `N`), if any.
    pub side: Option<Side>,
    /// The move itself.
    pub mv: Move,
}

/// Why a move could not be read (or, by [`parse_for`], is not the mover's).
/// The narrator words it (`omweso_diagram::narrate::notation_error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in the notation.
    Malformed {
        /// The text as written.
        text: String,
        /// What is wrong with it.
        why: Unreadable,
    },
    /// The move is written for `written`, but `to_move` is to move.
    WrongSide {
        /// The text as written.
        text: String,
        /// The side the move names.
        written: Side,
        /// The side to move in the position.
        to_move: Side,
    },
}

/// What makes a text no move in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// No pit number after the optional side.
    NoPit,
    /// A pit number outside 1–16.
    PitOutOfRange,
    /// `T` (the three-seed opening) after directions, or twice.
    ThreeSeedNotAlone,
    /// Directions after `T`.
    ThreeSeedWithDirections,
    /// A character that is no direction, nor `T`.
    Unexpected(char),
}

/// For logs: the error as data, the user's text quoted short. What a user
/// reads is the narrator's.
impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed { text, why } => {
                write!(f, "unreadable move {}: {why:?}", quote(text))
            }
            NotationError::WrongSide {
                text,
                written,
                to_move,
            } => write!(
                f,
                "move {} names {written:?}, {to_move:?} to move",
                quote(text)
            ),
        }
    }
}

impl std::error::Error for NotationError {}

/// The one side check: a move whose notation names `written` (if any) may
/// be played by `to_move` only if they agree; `text` is the notation, for
/// the error.
///
/// ```
/// use omweso_engine::Side;
/// use omweso_engine::notation::{NotationError, check_side, parse};
///
/// let n = parse("S5").unwrap();
/// assert!(check_side("S5", n.side, Side::South).is_ok());
/// assert!(matches!(
///     check_side("S5", n.side, Side::North),
///     Err(NotationError::WrongSide { written: Side::South, to_move: Side::North, .. })
/// ));
/// assert!(check_side("5", None, Side::North).is_ok());
/// ```
pub fn check_side(text: &str, written: Option<Side>, to_move: Side) -> Result<(), NotationError> {
    match written {
        Some(written) if written != to_move => Err(NotationError::WrongSide {
            text: text.to_string(),
            written,
            to_move,
        }),
        _ => Ok(()),
    }
}

/// Parse a move to be played by `to_move`: a side prefix, if written, must
/// name it.
///
/// ```
/// use omweso_engine::Side;
/// use omweso_engine::notation::{NotationError, format, parse_for};
///
/// let mv = parse_for(Side::North, "N2C").unwrap();
/// assert_eq!(format(&mv), "2C");
/// assert_eq!(parse_for(Side::South, "2C").unwrap(), mv); // no prefix: any side
/// assert!(matches!(
///     parse_for(Side::South, "N2C"),
///     Err(NotationError::WrongSide { written: Side::North, to_move: Side::South, .. })
/// ));
/// assert!(matches!(parse_for(Side::South, "17"), Err(NotationError::Malformed { .. })));
/// ```
pub fn parse_for(to_move: Side, text: &str) -> Result<Move, NotationError> {
    let n = parse(text)?;
    check_side(text, n.side, to_move)?;
    Ok(n.mv)
}

/// Parse a move in the project's notation, with the side it names if any.
///
/// ```
/// use omweso_engine::{Direction, Pit, Side};
/// use omweso_engine::notation::parse;
///
/// let n = parse("S7ac").unwrap();
/// assert_eq!(n.side, Some(Side::South));
/// assert_eq!(n.mv.pit, Pit::new(7).unwrap());
/// assert_eq!(n.mv.choices, [Direction::Anticlockwise, Direction::Clockwise]);
/// assert!(parse("5T").unwrap().mv.three_seed);
/// assert!(parse("17").is_err());
/// ```
pub fn parse(text: &str) -> Result<Notated, NotationError> {
    let err = |why: Unreadable| NotationError::Malformed {
        text: text.to_string(),
        why,
    };
    let t = text.trim();
    let mut chars = t.chars().peekable();
    let side = match chars.peek().map(|c| c.to_ascii_uppercase()) {
        Some('S') => {
            chars.next();
            Some(Side::South)
        }
        Some('N') => {
            chars.next();
            Some(Side::North)
        }
        _ => None,
    };
    let mut digits = String::new();
    while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
        digits.push(c);
        chars.next();
    }
    if digits.is_empty() {
        return Err(err(Unreadable::NoPit));
    }
    let pit = digits
        .parse::<u8>()
        .ok()
        .and_then(Pit::new)
        .ok_or_else(|| err(Unreadable::PitOutOfRange))?;
    let mut choices = Vec::new();
    let mut three_seed = false;
    for c in chars {
        match c.to_ascii_uppercase() {
            'A' if !three_seed => choices.push(Direction::Anticlockwise),
            'C' if !three_seed => choices.push(Direction::Clockwise),
            'T' if !three_seed && choices.is_empty() => three_seed = true,
            'T' => return Err(err(Unreadable::ThreeSeedNotAlone)),
            _ if three_seed => return Err(err(Unreadable::ThreeSeedWithDirections)),
            c => return Err(err(Unreadable::Unexpected(c))),
        }
    }
    if choices.is_empty() {
        choices.push(Direction::Anticlockwise);
    }
    Ok(Notated {
        side,
        mv: Move {
            pit,
            three_seed,
            choices,
        },
    })
}

/// The canonical notation of a move (without side): trailing default
/// (anticlockwise) choices are left out.
///
/// ```
/// use omweso_engine::notation::{format, parse};
///
/// assert_eq!(format(&parse("7ACAA").unwrap().mv), "7AC");
/// assert_eq!(format(&parse("12a").unwrap().mv), "12");
/// assert_eq!(format(&parse("5t").unwrap().mv), "5T");
/// ```
pub fn format(mv: &Move) -> String {
    let mut s = mv.pit.number().to_string();
    if mv.three_seed {
        s.push('T');
    } else {
        s.extend(mv.trimmed_choices().iter().map(|d| d.letter()));
    }
    s
}

/// The canonical notation with the mover's side: `S12`, `N2C`.
///
/// ```
/// use omweso_engine::{Move, Pit, Side};
/// use omweso_engine::notation::format_with_side;
///
/// assert_eq!(format_with_side(Side::South, &Move::forward(Pit::new(12).unwrap())), "S12");
/// ```
pub fn format_with_side(side: Side, mv: &Move) -> String {
    format!("{}{}", side.letter(), format(mv))
}

/// A line of moves (a principal variation), each with its mover's side:
/// the sides alternate from `first`.
///
/// ```
/// use omweso_engine::{Move, Pit, Side};
/// use omweso_engine::notation::format_line;
///
/// let pit = |n| Move::forward(Pit::new(n).unwrap());
/// assert_eq!(format_line(Side::North, &[pit(2), pit(12)]), ["N2", "S12"]);
/// ```
pub fn format_line(first: Side, moves: &[Move]) -> Vec<String> {
    let mut side = first;
    moves
        .iter()
        .map(|m| {
            let t = format_with_side(side, m);
            side = side.opponent();
            t
        })
        .collect()
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{Anticlockwise as A, Clockwise as C};

    fn mv(pit: u8, choices: Vec<Direction>) -> Move {
        Move {
            pit: Pit::new(pit).unwrap(),
            three_seed: false,
            choices,
        }
    }

    #[test]
    fn notation_examples() {
        assert_eq!(parse("12").unwrap().mv, mv(12, vec![A]));
        assert_eq!(parse("2c").unwrap().mv, mv(2, vec![C]));
        assert_eq!(parse("7AC").unwrap().mv, mv(7, vec![A, C]));
        let n = parse("N16CCA").unwrap();
        assert_eq!(n.side, Some(Side::North));
        assert_eq!(n.mv, mv(16, vec![C, C, A]));
        assert!(parse("5T").unwrap().mv.three_seed);
        assert_eq!(format(&mv(7, vec![A, C, A, A])), "7AC");
        assert_eq!(format(&mv(7, vec![A, A])), "7");
        assert_eq!(format_with_side(Side::South, &mv(2, vec![C])), "S2C");
    }

    #[test]
    fn notation_rejects_bad_input() {
        for bad in ["", "S", "0", "17", "x3", "3X", "5TA", "5AT", "N", "3 C"] {
            assert!(parse(bad).is_err(), "{bad:?} should not parse");
        }
        let why = |text: &str| match parse(text) {
            Err(NotationError::Malformed { why, .. }) => Some(why),
            _ => None,
        };
        assert_eq!(why("17"), Some(Unreadable::PitOutOfRange));
        assert_eq!(why("S"), Some(Unreadable::NoPit));
        assert_eq!(why("5AT"), Some(Unreadable::ThreeSeedNotAlone));
        assert_eq!(why("5TA"), Some(Unreadable::ThreeSeedWithDirections));
        assert_eq!(why("3 C"), Some(Unreadable::Unexpected(' ')));
    }

    /// A move of 100,000 characters is quoted short in its error: its
    /// first characters and its length.
    #[test]
    fn a_long_move_is_quoted_short() {
        let long = format!("12{}X", "A".repeat(100_000));
        let e = parse(&long).unwrap_err().to_string();
        assert!(
            e.len() < 300,
            "{} bytes: {}",
            e.len(),
            &e[..300.min(e.len())]
        );
        assert!(
            e.contains(&format!("\"12{}\"… (100,003 characters)", "A".repeat(38))),
            "{e}"
        );
        let wrong = format!("N5{}", "A".repeat(100_000));
        let e = parse_for(Side::South, &wrong).unwrap_err().to_string();
        assert!(
            e.len() < 120 && e.contains("(100,002 characters) names North"),
            "{e}"
        );
    }

    #[test]
    fn parse_for_checks_the_side() {
        assert_eq!(parse_for(Side::South, "S12").unwrap(), mv(12, vec![A]));
        assert_eq!(parse_for(Side::North, "12").unwrap(), mv(12, vec![A]));
        let e = parse_for(Side::South, "n5").unwrap_err();
        assert_eq!(
            e,
            NotationError::WrongSide {
                text: "n5".into(),
                written: Side::North,
                to_move: Side::South
            }
        );
        // a malformed move is reported as such, whatever the side
        assert!(matches!(
            parse_for(Side::North, "N17"),
            Err(NotationError::Malformed { .. })
        ));
    }

    #[test]
    fn notation_round_trips() {
        // every choice sequence up to length 5 on every pit
        for pit in 1..=16 {
            for len in 1..=5 {
                for bits in 0..(1u32 << len) {
                    let choices: Vec<Direction> = (0..len)
                        .map(|i| if bits >> i & 1 == 1 { C } else { A })
                        .collect();
                    let m = mv(pit, choices);
                    let back = parse(&format(&m)).unwrap().mv;
                    assert!(back.same_as(&m), "{m:?} -> {} -> {back:?}", format(&m));
                    assert_eq!(format(&back), format(&m));
                }
            }
        }
    }
}
