//! Where a move ends, shared by every way of finding it (the packed
//! generator, the explorer, playing): the [`Finished`] of a final state
//! (the board after, the seeds captured, the game result judged) and what
//! the variant makes of a never-ending move; the two sides' arrays of a
//! position, and the sowing context for it.

use super::board::{Board, Seeds, Side};
use super::move_types::Finished;
use super::position::{GameResult, Position, WinKind};
use super::sowing::{Ctx, State};
use super::variant::{NeverEnding, Rules};

/// The mover's and opponent's arrays of a position.
pub(crate) fn sides(pos: &Position) -> ([Seeds; 16], [Seeds; 16]) {
    let m = pos.to_move;
    (*pos.board.side(m), *pos.board.side(m.opponent()))
}

pub(crate) fn board_of(mover: Side, own: &[Seeds; 16], opp: &[Seeds; 16]) -> Board {
    match mover {
        Side::South => Board::from_sides(*own, *opp),
        Side::North => Board::from_sides(*opp, *own),
    }
}

pub(crate) fn ctx_for(rules: &Rules, pos: &Position) -> Ctx {
    Ctx {
        rules: *rules,
        no_capture: pos.first_move && !rules.first_move_captures,
        fast: true,
    }
}

/// The game result of a finished move, if it ends the game.
fn judge(
    rules: &Rules,
    mover: Side,
    board: &Board,
    columns: u8,
    last_capture: u8,
) -> Option<GameResult> {
    judge_with(rules, mover, columns, last_capture, || {
        board.has_move(mover.opponent())
    })
}

/// [`judge`], asking whether the opponent has a move only when it matters.
#[inline]
pub(crate) fn judge_with(
    rules: &Rules,
    mover: Side,
    columns: u8,
    last_capture: u8,
    opponent_has_move: impl FnOnce() -> bool,
) -> Option<GameResult> {
    let end_columns = columns & 0b1000_0001 == 0b1000_0001;
    let win = |kind, points| GameResult::Win {
        winner: mover,
        kind,
        points,
    };
    if rules.wins.akawumbi && columns == 0xFF && (last_capture == 8 || last_capture == 15) {
        return Some(win(WinKind::Akawumbi, rules.points.akawumbi));
    }
    if rules.wins.nkutemye && end_columns {
        return Some(win(WinKind::Nkutemye, rules.points.nkutemye));
    }
    if rules.wins.no_move && !opponent_has_move() {
        return Some(win(WinKind::NoMove, rules.points.no_move));
    }
    None
}

pub(crate) fn never_result(rules: &Rules) -> GameResult {
    match rules.never_ending {
        NeverEnding::Draw => GameResult::Draw,
        NeverEnding::Annul | NeverEnding::Illegal => GameResult::Annulled,
    }
}

pub(crate) fn finish(
    rules: &Rules,
    mover: Side,
    st: &State,
    captured: u32,
    laps: u64,
    capture_sowings: u64,
) -> Finished {
    let board = board_of(mover, &st.own, &st.opp);
    Finished {
        board,
        captured,
        laps,
        capture_sowings,
        columns: st.columns,
        cut_heads: st.columns & 0b1000_0001 == 0b1000_0001,
        result: judge(rules, mover, &board, st.columns, st.last_capture),
    }
}

pub(crate) fn seeds_of(st: &State) -> u32 {
    st.own.iter().map(|&n| n as u32).sum()
}

pub(crate) fn seeds_of_arr(a: &[Seeds; 16]) -> u32 {
    a.iter().map(|&n| n as u32).sum()
}
