//! Game record pages: `games/index.html` and `games/ID.html`, the game as
//! replayed by the trace stage ([`GameTrace`]) stepped through move by move.

use super::figure;
use super::render::{Page, Renderer};
use super::traces::GameTrace;
use crate::diagram;
use crate::diagram::narrate::{self, Standing};
use crate::engine::Side;
use crate::model::{Annotations, Diagnostics, ExpectedResult, GameDoc};
use serde::Serialize;

#[derive(Serialize)]
struct GameEntry {
    id: String,
    title: String,
    record: &'static str,
    variant: String,
    variant_title: String,
    moves: usize,
    result: String,
}

fn title(g: &GameDoc) -> String {
    g.title.clone().unwrap_or_else(|| g.id.clone())
}

/// The record's declared result, in the narrator's words.
fn result_text(g: &GameDoc) -> String {
    narrate::standing(match g.result {
        ExpectedResult::None => Standing::Unfinished,
        ExpectedResult::SouthWins => Standing::Won(Side::South),
        ExpectedResult::NorthWins => Standing::Won(Side::North),
        ExpectedResult::Annulled => Standing::Annulled,
        ExpectedResult::Draw => Standing::Draw,
    })
}

fn entry(g: &GameDoc) -> GameEntry {
    GameEntry {
        id: g.id.clone(),
        title: title(g),
        record: g.record.name(),
        variant: g.variant.name().to_string(),
        variant_title: g.variant.title.clone(),
        moves: g.moves.len(),
        result: result_text(g),
    }
}

impl Renderer<'_> {
    pub(crate) fn games_index_page(&self) -> Result<Page, Diagnostics> {
        let games: Vec<GameEntry> = self.site.games.iter().map(entry).collect();
        let mut ctx = self.context(
            "games",
            "Games",
            "Game records replayed move by move.",
            "../",
            "games",
        );
        ctx.insert("games", &games);
        self.render("games.html", "games/index.html".into(), &ctx, 0)
    }

    /// The page of game `g`, from its replay by the trace stage.
    pub(crate) fn game_page(&self, g: &GameDoc, r: &GameTrace) -> Result<Page, Diagnostics> {
        #[derive(Serialize)]
        struct PlyView {
            number: usize,
            notation: String,
            side: String,
            comment: Option<String>,
            figure: String,
        }
        if let Some((i, why)) = &r.stopped {
            return Err(g
                .at_move(
                    *i,
                    crate::model::Field::Move,
                    format!("the game cannot be replayed: {why}"),
                )
                .into());
        }
        // pit names on every board: a game's comments name the pits
        let ann = Annotations {
            labels: true,
            ..Annotations::default()
        };
        let variant = g.variant.name();
        let start = diagram::board_frame(&g.start, &ann, variant, g.variant.rules());
        // named by the page's "Start" heading, not by a caption of its own
        let start = figure::figure(&[start], "game-start", None, None);
        let mut diagrams = 1;
        let plies: Vec<PlyView> = r
            .plies
            .iter()
            .zip(&g.moves)
            .map(|(p, m)| {
                diagrams += 1;
                let frames = diagram::move_frames(&p.played, &ann, variant, g.variant.rules());
                let label = format!("{}. {}", p.number, p.notation);
                PlyView {
                    number: p.number,
                    notation: p.notation.clone(),
                    side: p.side.title().to_string(),
                    comment: m.comment.clone(),
                    figure: figure::figure(
                        &frames,
                        &format!("move-{}-diagram", p.number),
                        Some(&label),
                        m.comment.as_deref(),
                    ),
                }
            })
            .collect();
        let end = match &r.result {
            Some(res) => narrate::result(res),
            None => "The record stops before the game ends.".into(),
        };
        let mut ctx = self.context(
            "game",
            &title(g),
            g.notes.as_deref().unwrap_or(""),
            "../",
            &g.id,
        );
        ctx.insert("game", &entry(g));
        ctx.insert("source", &g.source);
        ctx.insert("notes", &g.notes);
        ctx.insert("event", &g.event);
        ctx.insert("date", &g.date);
        ctx.insert("south", &g.players.south);
        ctx.insert("north", &g.players.north);
        ctx.insert("start_kind", g.start_kind.name());
        ctx.insert("start", &start);
        ctx.insert("plies", &plies);
        ctx.insert("end", &end);
        self.render("game.html", format!("games/{}.html", g.id), &ctx, diagrams)
    }
}
