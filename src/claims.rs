//! The one judge of an author's claims: `omweso check` (positions and game
//! records) and puzzle verification ask it whether a played move bears out
//! what its `expect:` says ([`judge`]), and whether a replayed game ends as
//! its record's `result:` says ([`judge_game_result`]), and report its
//! mismatches in its words.
//!
//! **Never-ending moves.** A never-ending move has no position after it: no
//! board, no capture count and no lap count. Claims of `board`, `captured`
//! or `laps` are therefore false against it, whatever their value (the
//! mismatch's actual value is [`Value::NeverEnds`], and `--bless` cannot
//! rewrite them); write `never_ending: true` and the `result` instead.
//! `never_ending` and `result` are compared as written.

use crate::diagram::narrate::{laps, plural, seeds, thousands};
use crate::engine::{GameResult, Grid, MoveEnd};
use crate::model::{Expect, ExpectedResult, Field, Kind, Replay};

/// A claim an author can make: one of an `expect:` block's, or a game
/// record's final `result:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Claim {
    Board,
    Captured,
    Laps,
    NeverEnding,
    Result,
    /// A game record's `result:`: how the game ends after its moves.
    GameResult,
}

impl Claim {
    /// The problem kind of a false claim.
    pub(crate) fn kind(self) -> Kind {
        match self {
            Claim::Board => Kind::WrongBoard,
            Claim::Captured => Kind::WrongCaptured,
            Claim::Laps => Kind::WrongLaps,
            Claim::NeverEnding => Kind::WrongNeverEnding,
            Claim::Result => Kind::WrongResult,
            Claim::GameResult => Kind::WrongGameResult,
        }
    }

    /// The claim's key in a file: `expect.board`, `expect.captured`, …,
    /// `result` (a game record's).
    pub(crate) fn key(self) -> &'static str {
        match self {
            Claim::Board => "expect.board",
            Claim::Captured => "expect.captured",
            Claim::Laps => "expect.laps",
            Claim::NeverEnding => "expect.never_ending",
            Claim::Result => "expect.result",
            Claim::GameResult => "result",
        }
    }

    /// The claim's field, by which its value and key are located.
    pub(crate) fn field(self) -> Field {
        match self {
            Claim::Board => Field::ExpectBoard,
            Claim::Captured => Field::ExpectCaptured,
            Claim::Laps => Field::ExpectLaps,
            Claim::NeverEnding => Field::ExpectNeverEnding,
            Claim::Result => Field::ExpectResult,
            Claim::GameResult => Field::Result,
        }
    }
}

/// What a claim said, or what the move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A board in grid form (rows as seen from South's seat).
    Board(Grid),
    /// A count: seeds captured, or laps sown.
    Count(u64),
    /// A yes or no (whether the move never ends).
    Flag(bool),
    /// A game result as a claim names it.
    Result(ExpectedResult),
    /// The move never ends, so it has no such value.
    NeverEnds,
    /// How a game record's replay ends: its result (None: the game is not
    /// over) after its `moves`.
    GameEnd {
        /// The game's result, or `None` when the moves leave it unfinished.
        result: Option<GameResult>,
        /// The moves the record plays.
        moves: usize,
    },
}

/// A claim the move does not bear out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mismatch {
    pub claim: Claim,
    /// What the claim says.
    pub expected: Value,
    /// What the move did.
    pub actual: Value,
}

impl Mismatch {
    /// The mismatch in words; `what` names the move (`move 12`,
    /// `move 3 (S12)`).
    pub(crate) fn message(&self, what: &str) -> String {
        use Value::*;
        match (&self.expected, &self.actual) {
            (Board(claimed), Board(actual)) => {
                let n = claimed
                    .iter()
                    .flatten()
                    .zip(actual.iter().flatten())
                    .filter(|(x, y)| x != y)
                    .count() as u64;
                format!(
                    "the board after {what} differs from expect.board in {}",
                    plural(n, "pit")
                )
            }
            (Board(_), NeverEnds) => {
                format!("expect.board claims a board after {what}, but the move never ends")
            }
            (Count(claimed), NeverEnds) => match self.claim {
                Claim::Laps => {
                    format!(
                        "expect.laps claims {}, but {what} never ends",
                        laps(*claimed)
                    )
                }
                _ => format!(
                    "expect.captured claims {}, but {what} never ends",
                    seeds(*claimed)
                ),
            },
            (Count(claimed), Count(actual)) => match self.claim {
                Claim::Laps => {
                    format!(
                        "{what} takes {}, not {}",
                        laps(*actual),
                        thousands(*claimed)
                    )
                }
                _ => format!(
                    "{what} captures {}, not {}",
                    seeds(*actual),
                    thousands(*claimed)
                ),
            },
            (Flag(_), Flag(true)) => {
                format!("{what} never ends, but expect.never_ending is false")
            }
            (Flag(_), Flag(false)) => {
                format!("{what} ends, but expect.never_ending is true")
            }
            (Result(claimed), Result(actual)) => format!(
                "the result of {what} is {}, not {}",
                actual.name(),
                claimed.name()
            ),
            (
                Result(claimed),
                GameEnd {
                    result: None,
                    moves,
                },
            ) => format!(
                "{what} is not over after its {}, but `result` says {}",
                plural(*moves as u64, "move"),
                claimed.name()
            ),
            (
                Result(claimed),
                GameEnd {
                    result: Some(r),
                    moves,
                },
            ) => format!(
                "{what} ends {} after its {} ({}), not {}",
                ExpectedResult::of(Some(*r)).name(),
                plural(*moves as u64, "move"),
                crate::diagram::narrate::result(r),
                claimed.name()
            ),
            (e, a) => format!(
                "{what}: {} claims {e:?}, but the move gives {a:?}",
                self.claim.key()
            ),
        }
    }
}

/// The judge's finding on one `expect:` block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// Claims compared.
    pub claims: usize,
    /// Those the move does not bear out, in [`Claim`] order.
    pub mismatches: Vec<Mismatch>,
}

impl Verdict {
    /// Every claim holds.
    #[cfg(test)]
    pub(crate) fn holds(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Compare every claim of `expect` with how the move ended (see the module
/// documentation for never-ending moves).
pub(crate) fn judge(expect: &Expect, end: &MoveEnd) -> Verdict {
    let mut v = Verdict::default();
    let finished = end.finished();
    let mut claim = |claim: Claim, expected: Value, actual: Value| {
        v.claims += 1;
        if expected != actual {
            v.mismatches.push(Mismatch {
                claim,
                expected,
                actual,
            });
        }
    };
    if let Some(b) = expect.board {
        let actual = finished.map_or(Value::NeverEnds, |f| Value::Board(f.board.to_grid()));
        claim(Claim::Board, Value::Board(b), actual);
    }
    if let Some(c) = expect.captured {
        let actual = finished.map_or(Value::NeverEnds, |f| Value::Count(f.captured.into()));
        claim(Claim::Captured, Value::Count(c.into()), actual);
    }
    if let Some(l) = expect.laps {
        let actual = finished.map_or(Value::NeverEnds, |f| Value::Count(f.laps));
        claim(Claim::Laps, Value::Count(l), actual);
    }
    if let Some(n) = expect.never_ending {
        claim(
            Claim::NeverEnding,
            Value::Flag(n),
            Value::Flag(end.is_never_ending()),
        );
    }
    if let Some(r) = expect.result {
        claim(
            Claim::Result,
            Value::Result(r),
            Value::Result(ExpectedResult::of(end.result())),
        );
    }
    v
}

/// Compare a game record's claimed final result with how its replay
/// ends. A replay that stopped before the record's last move (a move that
/// cannot be played) has no result to compare: no claim is judged.
pub(crate) fn judge_game_result(claimed: ExpectedResult, replay: &Replay) -> Verdict {
    let mut v = Verdict::default();
    if replay.stopped.is_some() {
        return v;
    }
    v.claims = 1;
    if replay.expected_result() != claimed {
        v.mismatches.push(Mismatch {
            claim: Claim::GameResult,
            expected: Value::Result(claimed),
            actual: Value::GameEnd {
                result: replay.result,
                moves: replay.plies.len(),
            },
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two claims of a finished move, one false: one mismatch, of the
    /// capture count.
    #[test]
    fn a_false_capture_count_is_the_one_mismatch() {
        use crate::engine::{Board, Move, Pit, Position, Rules, Side, outcome};
        let pos = Position::new(Board::from_sides([2; 16], [2; 16]), Side::South);
        let mv = Move::forward(Pit::new(5).unwrap());
        let played = outcome(&Rules::SHACKELL_1935, &pos, &mv).unwrap();
        let expect = Expect {
            captured: Some(99),
            never_ending: Some(false),
            ..Expect::default()
        };
        let verdict = judge(&expect, &played.end);
        assert_eq!(verdict.claims, 2);
        assert_eq!(verdict.mismatches.len(), 1);
        assert_eq!(verdict.mismatches[0].claim, Claim::Captured);
    }
    use crate::engine::NeverEndingInfo;

    fn never_ending() -> MoveEnd {
        MoveEnd::NeverEnding(NeverEndingInfo {
            cycle_laps: 7,
            examined_laps: 9,
            laps_before_cycle: Some(2),
            result: GameResult::Annulled,
        })
    }

    /// One meaning for never-ending moves: no board, capture count or lap
    /// count can be claimed, not even zero; never_ending and result can.
    #[test]
    fn a_never_ending_move_backs_no_end_claims() {
        let expect = Expect {
            board: Some([[0; 8]; 4]),
            captured: Some(0),
            laps: Some(0),
            never_ending: Some(true),
            result: Some(ExpectedResult::Annulled),
        };
        let v = judge(&expect, &never_ending());
        assert_eq!(v.claims, 5);
        let claims: Vec<Claim> = v.mismatches.iter().map(|m| m.claim).collect();
        assert_eq!(claims, [Claim::Board, Claim::Captured, Claim::Laps]);
        assert!(v.mismatches.iter().all(|m| m.actual == Value::NeverEnds));
        assert_eq!(
            v.mismatches[1].message("move 12"),
            "expect.captured claims 0 seeds, but move 12 never ends"
        );
    }

    #[test]
    fn claims_about_a_never_ending_move_are_compared() {
        let expect = Expect {
            never_ending: Some(false),
            result: Some(ExpectedResult::Draw),
            ..Expect::default()
        };
        let v = judge(&expect, &never_ending());
        assert_eq!(v.mismatches.len(), 2);
        assert_eq!(
            v.mismatches[0].message("move 2"),
            "move 2 never ends, but expect.never_ending is false"
        );
        assert_eq!(
            v.mismatches[1].message("move 2"),
            "the result of move 2 is annulled, not draw"
        );
        assert!(judge(&Expect::default(), &never_ending()).holds());
    }

    /// A game record's result is the judge's too: compared when the
    /// replay reaches the record's end, in its words.
    #[test]
    fn a_game_result_is_judged() {
        use crate::model::{Source, Variants, parse_game, replay};
        let text = "id: g\nrecord: demonstration\nstart: standard\nmoves: [S2, N2]\nresult: draw\n";
        let g = parse_game(&Source::new("g.yaml", text), &Variants::builtin()).unwrap();
        let r = replay(&g, 0);
        let v = judge_game_result(g.result, &r);
        assert_eq!(v.claims, 1);
        assert_eq!(v.mismatches.len(), 1);
        let m = &v.mismatches[0];
        assert_eq!(m.claim, Claim::GameResult);
        assert_eq!(
            m.actual,
            Value::GameEnd {
                result: None,
                moves: 2
            }
        );
        assert_eq!(
            m.message("game \"g\""),
            "game \"g\" is not over after its 2 moves, but `result` says draw"
        );
        assert!(judge_game_result(ExpectedResult::None, &r).holds());
        // a replay that stops early judges no result
        let g = parse_game(
            &Source::new("g.yaml", text.replace("S2", "S9")),
            &Variants::builtin(),
        )
        .unwrap();
        let v = judge_game_result(g.result, &replay(&g, 0));
        assert_eq!(v.claims, 0);
    }
}
