//! Rule parameters of a variant, as defined in the rules contract.

/// Which laps of a move may be sown clockwise (Okutebuka).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReverseLaps {
    /// Every lap anticlockwise.
    None,
    /// Shackell rule 8: the starting lap, and after a clockwise capture the
    /// captured seeds, may be clockwise; once a lap is anticlockwise the rest
    /// of the move is. Every clockwise lap must end in an immediate capture.
    StartChain,
    /// Any lap (start, relay or capture-sowing) whose E is a left-hand pit may
    /// be clockwise if it ends in an immediate capture.
    AnyLap,
    /// Ludii: the direction chosen at the start is kept by every relay lap;
    /// captured seeds are always sown anticlockwise.
    WholeMove,
}

/// When a clockwise start is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReverseStart {
    /// The last seed lands in an occupied inner pit whose two facing pits
    /// hold seeds (an immediate capture).
    Capture,
    /// Ludii: the last seed lands in an inner pit whose two facing pits hold
    /// seeds; that pit may be empty, and the move then just ends.
    FacingOccupied,
}

/// What follows the sowing of captured seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterCapture {
    /// The captured seeds' last seed is a new lap end.
    Continue,
    /// Ludii: where the captured seeds end triggers nothing; the move goes on
    /// by relaying the capturing pit in the move's direction.
    RelayCapturingPit,
}

/// What a never-ending move does to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NeverEnding {
    /// The game does not count.
    Annul,
    /// The game is drawn.
    Draw,
    /// The move may not be chosen.
    Illegal,
}

/// The ways a game can be won under a variant, with points where scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Wins {
    /// No-move / okwa bulijo: the player to move with no legal move loses.
    pub no_move: bool,
    /// Nkutemye / okutema: capturing from both opponent end columns in one
    /// move.
    pub nkutemye: bool,
    /// Akawumbi: capturing from all eight opponent columns in one move, the
    /// last from an end column.
    pub akawumbi: bool,
}

/// Points scored per kind of win (modern match play); `None` where unscored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Points {
    /// Points for a win by leaving the opponent without a legal move.
    pub no_move: Option<u32>,
    /// Points for a win by nkutemye (capturing from both end columns in one move).
    pub nkutemye: Option<u32>,
    /// Points for a win by akawumbi (capturing from all eight columns in one move).
    pub akawumbi: Option<u32>,
    /// Points that win a match.
    pub match_target: Option<u32>,
}

/// The parameters of a rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which laps of a move may be sown clockwise.
    pub reverse_laps: ReverseLaps,
    /// Whether each clockwise lap may not sow past pit 9 (at most 8 seeds from pit 1, 9 from 2, 7
    /// from 16, 6 from 15), as Shackell's "may not move beyond … square 9" is read.
    pub reverse_reach_limit: bool,
    /// When a clockwise start is legal.
    pub reverse_start: ReverseStart,
    /// What follows the sowing of captured seeds.
    pub after_capture: AfterCapture,
    /// Whether a side's first move may capture (when not, its captures are not made).
    pub first_move_captures: bool,
    /// Whether the three-seed opening (two seeds into the next pit, one beyond, from a pit of
    /// exactly three) may be played before the game's first capture.
    pub three_seed_opening: bool,
    /// The ways a game can be won.
    pub wins: Wins,
    /// Points scored per kind of win.
    pub points: Points,
    /// What a never-ending move does to the game.
    pub never_ending: NeverEnding,
    /// Sandeman's limit on seeds per pit in the set-up, if any.
    pub max_setup_seeds_per_pit: Option<u16>,
}

impl Rules {
    /// The four rule sets of the rules contract with their names, the one
    /// place the names are spelt (the variant files, the CLI's defaults and
    /// the web module's requests all name them so).
    ///
    /// ```
    /// use omweso_engine::Rules;
    /// assert_eq!(Rules::builtin("ludii"), Some(Rules::LUDII));
    /// assert_eq!(Rules::BUILTIN.map(|(name, _)| name)[0], "shackell-1935");
    /// assert_eq!(Rules::builtin("chess"), None);
    /// ```
    pub const BUILTIN: [(&'static str, Rules); 4] = [
        ("shackell-1935", Rules::SHACKELL_1935),
        ("modern", Rules::MODERN),
        ("ludii", Rules::LUDII),
        ("mcgill-2015", Rules::MCGILL_2015),
    ];

    /// A rule set of [`Rules::BUILTIN`] by its name.
    pub fn builtin(name: &str) -> Option<Rules> {
        Rules::BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
    }

    /// Shackell (1935), as read by the rules contract.
    pub const SHACKELL_1935: Rules = Rules {
        reverse_laps: ReverseLaps::StartChain,
        reverse_reach_limit: true,
        reverse_start: ReverseStart::Capture,
        after_capture: AfterCapture::Continue,
        first_move_captures: true,
        three_seed_opening: false,
        wins: Wins {
            no_move: true,
            nkutemye: true,
            akawumbi: false,
        },
        points: Points {
            no_move: None,
            nkutemye: None,
            akawumbi: None,
            match_target: None,
        },
        never_ending: NeverEnding::Annul,
        max_setup_seeds_per_pit: None,
    };

    /// Modern tournament play.
    pub const MODERN: Rules = Rules {
        reverse_laps: ReverseLaps::AnyLap,
        reverse_reach_limit: true,
        reverse_start: ReverseStart::Capture,
        after_capture: AfterCapture::Continue,
        first_move_captures: false,
        three_seed_opening: true,
        wins: Wins {
            no_move: true,
            nkutemye: true,
            akawumbi: true,
        },
        points: Points {
            no_move: Some(1),
            nkutemye: Some(2),
            akawumbi: Some(12),
            match_target: Some(12),
        },
        never_ending: NeverEnding::Annul,
        max_setup_seeds_per_pit: None,
    };

    /// Ludii's Mweso.lud.
    pub const LUDII: Rules = Rules {
        reverse_laps: ReverseLaps::WholeMove,
        reverse_reach_limit: false,
        reverse_start: ReverseStart::FacingOccupied,
        after_capture: AfterCapture::RelayCapturingPit,
        first_move_captures: true,
        three_seed_opening: false,
        wins: Wins {
            no_move: true,
            nkutemye: false,
            akawumbi: false,
        },
        points: Points {
            no_move: None,
            nkutemye: None,
            akawumbi: None,
            match_target: None,
        },
        never_ending: NeverEnding::Draw,
        max_setup_seeds_per_pit: None,
    };

    /// McGill COMP-424 (2015): forward sowing only.
    pub const MCGILL_2015: Rules = Rules {
        reverse_laps: ReverseLaps::None,
        reverse_reach_limit: false,
        reverse_start: ReverseStart::Capture,
        after_capture: AfterCapture::Continue,
        first_move_captures: false,
        three_seed_opening: false,
        wins: Wins {
            no_move: true,
            nkutemye: false,
            akawumbi: false,
        },
        points: Points {
            no_move: None,
            nkutemye: None,
            akawumbi: None,
            match_target: None,
        },
        never_ending: NeverEnding::Annul,
        max_setup_seeds_per_pit: None,
    };

    /// The most seeds a clockwise lap from left-hand pit `e` (index 0..=15)
    /// may hold under the reach limit: it may not sow past pit 9.
    pub(crate) fn reach_limit(&self, e: usize) -> u32 {
        if !self.reverse_reach_limit {
            return u32::MAX;
        }
        match e {
            0 => 8,  // pit 1: 16..9
            1 => 9,  // pit 2: 1, 16..9
            15 => 7, // pit 16: 15..9
            14 => 6, // pit 15: 14..9
            _ => 0,
        }
    }
}

/// A named variant: its parameters plus the name it is known by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The name the variant is known by (`shackell-1935`, `modern`, …).
    pub name: String,
    /// Its rule parameters.
    pub rules: Rules,
}

impl Variant {
    /// A variant called `name` with `rules`.
    pub fn new(name: impl Into<String>, rules: Rules) -> Variant {
        Variant {
            name: name.into(),
            rules,
        }
    }
}
