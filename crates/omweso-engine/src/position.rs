//! A position: the board, who is to move, and the game-phase flags the rules
//! need.

use super::board::{Board, Side};

/// A position to move from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The seeds in every pit.
    pub board: Board,
    /// The side whose move it is.
    pub to_move: Side,
    /// This is the mover's own first move of the game.
    pub first_move: bool,
    /// The opponent has not moved yet either (their next move will be their
    /// first); lets positions written by `play` chain exactly.
    pub opponent_first_move: bool,
    /// No capture has happened yet in this game.
    pub before_first_capture: bool,
}

impl Position {
    /// A mid-game position: not a first move, captures have happened.
    ///
    /// ```
    /// use omweso_engine::{Board, Position, Side};
    ///
    /// let p = Position::new(Board::from_sides([2; 16], [2; 16]), Side::North);
    /// assert_eq!(p.to_move, Side::North);
    /// assert!(!p.first_move && !p.before_first_capture);
    /// assert_eq!(p.board.total(), 64);
    /// ```
    pub fn new(board: Board, to_move: Side) -> Position {
        Position {
            board,
            to_move,
            first_move: false,
            opponent_first_move: false,
            before_first_capture: false,
        }
    }

    /// The start of a game: `board` as the players set it up, `to_move` to
    /// make the game's first move, both first moves still to come and no
    /// capture yet.
    ///
    /// ```
    /// use omweso_engine::{Board, Position, Side};
    ///
    /// let p = Position::start(Board::counted_out(), Side::South);
    /// assert!(p.first_move && p.opponent_first_move && p.before_first_capture);
    /// assert_eq!(p.board.side(Side::North)[..8], [4; 8]);
    /// ```
    pub fn start(board: Board, to_move: Side) -> Position {
        Position {
            board,
            to_move,
            first_move: true,
            opponent_first_move: true,
            before_first_capture: true,
        }
    }

    /// The same position with North and South exchanged.
    pub fn mirrored(&self) -> Position {
        Position {
            board: self.board.mirrored(),
            to_move: self.to_move.opponent(),
            ..*self
        }
    }
}

/// How a game was won. The engine keeps data: the words for prose are the
/// narrator's (`omweso_diagram::narrate::win_kind`, `narrate::result`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinKind {
    /// Okwa bulijo: the loser had no legal move.
    NoMove,
    /// Nkutemye / okutema: both end columns captured in one move.
    Nkutemye,
    /// Akawumbi: all eight columns captured in one move.
    Akawumbi,
}

impl WinKind {
    /// A short machine-friendly name: `no-move`, `nkutemye`, `akawumbi`.
    pub fn name(self) -> &'static str {
        match self {
            WinKind::NoMove => "no-move",
            WinKind::Nkutemye => "nkutemye",
            WinKind::Akawumbi => "akawumbi",
        }
    }
}

/// The result of a game, or of the move that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// A side won the game.
    Win {
        /// The side that won.
        winner: Side,
        /// How it won (no move left, nkutemye or akawumbi).
        kind: WinKind,
        /// Points scored, where the variant scores.
        points: Option<u32>,
    },
    /// A never-ending move annulled the game.
    Annulled,
    /// A never-ending move drew the game.
    Draw,
}

impl GameResult {
    /// A short machine-friendly name: `south-wins`, `annulled`, `draw`.
    pub fn name(&self) -> String {
        match self {
            GameResult::Win { winner, .. } => format!("{}-wins", winner.name()),
            GameResult::Annulled => "annulled".into(),
            GameResult::Draw => "draw".into(),
        }
    }
}
