//! The search's switches, and the stage presets built from them.
//!
//! From stage 11 on, every technique the search learns is a switch: on by default, and
//! switching it off gives back the search without it, node for node. A stage's preset is every
//! switch introduced up to that stage, and nothing later, so on main a chapter's figures can be
//! measured again under the search that chapter describes (`set stage 12`, `bench 8 stage 12`).
//!
//! Each switch is one flag of [`Switches`] and one row of [`SWITCHES`], which names it and says
//! which stage introduced it. That table is the only place where a switch meets a stage:
//! `cargo xtask stages check` compares it with `stages.toml`. The sections written after stage
//! 20 add switches too; no preset holds them, since no stage had them.

use std::fmt;

bitflags::bitflags! {
    /// The set of search techniques switched on. A flag exists once its technique is built:
    /// until stage 11 there are none.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Switches: u32 {
        /// The transposition table (stage 11): probed at every node for a cutoff and a move
        /// to try first, and written at the end of every node.
        const TT = 1 << 0;
        /// Killer moves (stage 12): two quiet moves per ply that caused a cutoff there,
        /// tried after the captures.
        const KILLERS = 1 << 1;
        /// The history table (stage 12): quiet moves ordered by how often they caused a
        /// cutoff, by side, from-square and to-square.
        const HISTORY = 1 << 2;
        /// The countermove (stage 12): the quiet reply that last refuted the opponent's move,
        /// tried after the killers.
        const COUNTERMOVE = 1 << 3;
        /// Principal variation search (stage 13): after a node's first move, each move is
        /// searched with a null window first, and again with the full window only if it
        /// might be better; and no hash cutoff at PV nodes, so the line comes back whole.
        const PVS = 1 << 4;
        /// Aspiration windows (stage 13): from a middling depth on, the root is searched with
        /// a narrow window around the last depth's score, widened each time it fails.
        const ASPIRATION = 1 << 5;
        /// Null-move pruning (stage 14): at a node whose static evaluation is already at or
        /// above beta, the side to move first passes the turn, and if a shallower search
        /// still reaches beta, the node is cut off without searching a single move.
        const NULL_MOVE = 1 << 6;
        /// Reverse futility pruning (stage 15): at a shallow node whose static evaluation
        /// stands at least a margin a ply above beta, the node is cut off on the evaluation
        /// alone, without a search.
        const REVERSE_FUTILITY = 1 << 7;
        /// The check extension (stage 15): a move that gives check is searched a ply deeper,
        /// so that the horizon does not fall in the middle of an attack on the king.
        const CHECK_EXTENSION = 1 << 8;
        /// Late move reductions (stage 16): a quiet move late in a node's order is searched
        /// less deeply with a null window first, and at full depth only if that search
        /// reaches above alpha.
        const LMR = 1 << 9;
        /// Late move pruning (stage 17): at a shallow node that is not a PV node, once enough
        /// quiet moves have been searched, the quiet moves left are not searched at all; more
        /// are searched when the node's evaluation is improving.
        const LMP = 1 << 10;
        /// Futility pruning (stage 18): at a shallow node that is not a PV node, once a move
        /// has been searched, a quiet move is not searched when the static evaluation plus a
        /// margin for the depth still falls short of alpha.
        const FUTILITY = 1 << 11;
        /// Losing captures skipped in quiescence (stage 18): out of check, a capture that the
        /// static exchange evaluation says loses material is not searched.
        const QUIESCENCE_SEE = 1 << 12;
        /// SEE pruning (stage 18): at a shallow node that is not a PV node, once a move has
        /// been searched, a capture or quiet move that loses more material than the depth
        /// allows, by the static exchange evaluation, is not searched.
        const SEE_PRUNING = 1 << 13;
        /// Losing captures ordered last (stage 18): a capture that the static exchange
        /// evaluation says loses material is tried after the quiet moves, not before them.
        const SEE_ORDERING = 1 << 14;
        /// Internal iterative reductions (stage 19): a node deep enough that the
        /// transposition table has no move for is searched a ply shallower.
        const IIR = 1 << 15;
        /// The tuned evaluation (stage 20): chapter 7's material and piece-square tables with
        /// mobility, pawn structure, the bishop pair, rooks on open files and king safety
        /// added, their values tuned on the engine's own games.
        const TUNED = 1 << 16;
        /// Continuation history (section 10.1): quiet moves ordered also by how often they
        /// caused a cutoff after the same move one and two plies before.
        const CONTINUATION_HISTORY = 1 << 17;
        /// Singular extensions (section 14.1): a move from the table that no other move of
        /// its node comes near, searched at half the depth, is searched a ply deeper; a node
        /// where other moves also beat beta is cut off (a multi-cut); and the table's move
        /// of a node where other moves do as well is searched a ply shallower.
        const SINGULAR = 1 << 18;
        /// History pruning (section 14.1): at a shallow node that is not a PV node, a quiet
        /// move whose history (and continuation history, when it is on) lies far enough
        /// below zero for the depth left is not searched.
        const HISTORY_PRUNING = 1 << 19;
        /// ProbCut (section 14.1): at a node deep enough that is not a PV node, a capture
        /// whose quiescence search and then a search four plies shallower both clear beta by
        /// a margin cuts the node off.
        const PROBCUT = 1 << 20;
        /// Continuation history from depth 2 (section 10.1): with continuation history on, a
        /// node with a single ply left neither reads nor teaches its tables, and orders its
        /// quiet moves by the history alone, as the search without them does.
        const CONTINUATION_HISTORY_FROM_DEPTH_2 = 1 << 21;
        /// Reductions by history (section 14.1): a late quiet move's reduction grows when its
        /// ordering score says it has mostly failed, and shrinks when it has mostly cut off.
        const LMR_HISTORY = 1 << 22;
        /// Deeper reductions at cut nodes (section 14.1): a late quiet move of a node that
        /// its parent expects to be cut off is reduced a ply more, since the move that cuts
        /// such a node off usually comes early in its order.
        const LMR_CUT_NODE = 1 << 23;
        /// A null-move reduction that grows with the depth (section 14.1): the pass at a node
        /// is searched a ply shallower for every three plies of the node's depth, from a
        /// reduction of three, where every stage's search reduces it by two.
        const NULL_MOVE_BY_DEPTH = 1 << 24;
        /// Time by the search's stability (section 8.1): a timed search goes on starting new
        /// depths for longer when its best move has just changed or its score has just
        /// fallen, and for less long when the same move has stayed best for several depths.
        const TIME_STABILITY = 1 << 25;
        /// The transposition table in quiescence (section 14.1): a quiescence node looks its
        /// position up, ends at once where the entry settles its window, tries the entry's
        /// move first, and stores what it found.
        const QUIESCENCE_TT = 1 << 26;
        /// Correction history (section 14.1): the static evaluation is corrected by the
        /// average error the search has measured in positions with the same pawns and the
        /// same side to move.
        const CORRECTION_HISTORY = 1 << 27;
        /// Correction by pieces (section 14.1): with correction history on, two more tables
        /// correct the evaluation, by White's pieces other than pawns and by Black's.
        const CORRECTION_BY_PIECES = 1 << 28;
    }
}

/// Where a switch's technique came in: a stage, whose preset and every later one hold it, or
/// a section written after stage 20, which no preset holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Introduced {
    /// The stage whose commit added the technique.
    Stage(u32),
    /// The section after stage 20 that added it, such as "10.1".
    Section(&'static str),
}

/// One switch: its name, as `set NAME on|off` and the UCI option spell it, the stage that
/// introduced it, and its flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch {
    /// The name a user types, in lower case.
    pub name: &'static str,
    /// The stage or section that added the technique.
    pub introduced: Introduced,
    /// The flag it sets in [`Switches`].
    pub flag: Switches,
    /// The stage from which the technique is off by default, when its games did not show it
    /// to help: the presets of that stage and later leave it off, and so does main, while the
    /// presets before keep it, so the earlier chapters' searches do not change. It may be the
    /// technique's own stage, for one that has not yet passed its test. A section's technique
    /// that has not passed its test is off on main: [`LAST_STAGE`]. `None` for a technique
    /// that stays on.
    pub off_from: Option<u32>,
}

impl Switch {
    /// Whether stage `stage`'s preset has the technique on: it came in at that stage or
    /// before, and was not switched off by default by then.
    pub fn in_preset(&self, stage: u32) -> bool {
        match self.introduced {
            Introduced::Stage(introduced) => {
                introduced <= stage && self.off_from.is_none_or(|off| stage < off)
            }
            Introduced::Section(_) => false,
        }
    }
}

/// Every switch, in the order the stages introduced them.
pub const SWITCHES: &[Switch] = &[
    Switch {
        name: "tt",
        introduced: Introduced::Stage(11),
        flag: Switches::TT,
        off_from: None,
    },
    Switch {
        name: "killers",
        introduced: Introduced::Stage(12),
        flag: Switches::KILLERS,
        off_from: None,
    },
    Switch {
        name: "history",
        introduced: Introduced::Stage(12),
        flag: Switches::HISTORY,
        off_from: None,
    },
    Switch {
        name: "countermove",
        introduced: Introduced::Stage(12),
        flag: Switches::COUNTERMOVE,
        off_from: None,
    },
    Switch {
        name: "pvs",
        introduced: Introduced::Stage(13),
        flag: Switches::PVS,
        off_from: None,
    },
    Switch {
        name: "aspiration",
        introduced: Introduced::Stage(13),
        flag: Switches::ASPIRATION,
        off_from: None,
    },
    Switch {
        name: "nullmove",
        introduced: Introduced::Stage(14),
        flag: Switches::NULL_MOVE,
        off_from: None,
    },
    Switch {
        name: "rfp",
        introduced: Introduced::Stage(15),
        flag: Switches::REVERSE_FUTILITY,
        off_from: None,
    },
    Switch {
        name: "checkext",
        introduced: Introduced::Stage(15),
        flag: Switches::CHECK_EXTENSION,
        off_from: None,
    },
    Switch {
        name: "lmr",
        introduced: Introduced::Stage(16),
        flag: Switches::LMR,
        off_from: None,
    },
    Switch {
        name: "lmp",
        introduced: Introduced::Stage(17),
        flag: Switches::LMP,
        off_from: None,
    },
    Switch {
        name: "futility",
        introduced: Introduced::Stage(18),
        flag: Switches::FUTILITY,
        off_from: None,
    },
    Switch {
        name: "qsee",
        introduced: Introduced::Stage(18),
        flag: Switches::QUIESCENCE_SEE,
        off_from: None,
    },
    Switch {
        name: "seeprune",
        introduced: Introduced::Stage(18),
        flag: Switches::SEE_PRUNING,
        off_from: None,
    },
    Switch {
        name: "seeorder",
        introduced: Introduced::Stage(18),
        flag: Switches::SEE_ORDERING,
        off_from: None,
    },
    Switch {
        name: "iir",
        introduced: Introduced::Stage(19),
        flag: Switches::IIR,
        off_from: Some(20),
    },
    Switch {
        name: "tuned",
        introduced: Introduced::Stage(20),
        flag: Switches::TUNED,
        off_from: None,
    },
    Switch {
        name: "conthist",
        introduced: Introduced::Section("10.1"),
        flag: Switches::CONTINUATION_HISTORY,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "conthist2",
        introduced: Introduced::Section("10.1"),
        flag: Switches::CONTINUATION_HISTORY_FROM_DEPTH_2,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "singular",
        introduced: Introduced::Section("14.1"),
        flag: Switches::SINGULAR,
        off_from: None,
    },
    Switch {
        name: "histprune",
        introduced: Introduced::Section("14.1"),
        flag: Switches::HISTORY_PRUNING,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "probcut",
        introduced: Introduced::Section("14.1"),
        flag: Switches::PROBCUT,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "lmrhist",
        introduced: Introduced::Section("14.1"),
        flag: Switches::LMR_HISTORY,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "lmrcut",
        introduced: Introduced::Section("14.1"),
        flag: Switches::LMR_CUT_NODE,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "nulldepth",
        introduced: Introduced::Section("14.1"),
        flag: Switches::NULL_MOVE_BY_DEPTH,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "stability",
        introduced: Introduced::Section("8.1"),
        flag: Switches::TIME_STABILITY,
        off_from: Some(LAST_STAGE),
    },
    Switch {
        name: "qtt",
        introduced: Introduced::Section("14.1"),
        flag: Switches::QUIESCENCE_TT,
        off_from: None,
    },
    Switch {
        name: "corrhist",
        introduced: Introduced::Section("14.1"),
        flag: Switches::CORRECTION_HISTORY,
        off_from: None,
    },
    Switch {
        name: "corrpieces",
        introduced: Introduced::Section("14.1"),
        flag: Switches::CORRECTION_BY_PIECES,
        off_from: None,
    },
];

/// The last stage of the plan. Presets exist for stages 1 to this one.
pub const LAST_STAGE: u32 = 20;

/// How the search is configured: which of its techniques are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The techniques switched on.
    pub switches: Switches,
}

impl Default for SearchConfig {
    /// Every switch on but those whose games did not show them to help (their `off_from` is
    /// set): the engine at its strongest.
    fn default() -> SearchConfig {
        let switches = SWITCHES
            .iter()
            .filter(|switch| switch.off_from.is_none())
            .fold(Switches::empty(), |set, switch| set | switch.flag);
        SearchConfig { switches }
    }
}

impl SearchConfig {
    /// The search as it was when stage `stage` landed: every switch introduced up to that
    /// stage on, unless it was switched off by default by then, and every later one off.
    pub fn preset(stage: u32) -> Result<SearchConfig, ConfigError> {
        if !(1..=LAST_STAGE).contains(&stage) {
            return Err(ConfigError::UnknownStage(stage));
        }
        let switches = SWITCHES
            .iter()
            .filter(|switch| switch.in_preset(stage))
            .fold(Switches::empty(), |set, switch| set | switch.flag);
        Ok(SearchConfig { switches })
    }

    /// Switches the technique called `name` on or off.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), ConfigError> {
        let switch = find(name)?;
        self.switches.set(switch.flag, on);
        Ok(())
    }

    /// Whether `flag`'s technique is on.
    pub fn is_on(self, flag: Switches) -> bool {
        self.switches.contains(flag)
    }
}

/// The switch called `name`, ignoring case.
pub fn find(name: &str) -> Result<&'static Switch, ConfigError> {
    SWITCHES
        .iter()
        .find(|switch| switch.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| ConfigError::UnknownSwitch(name.to_string()))
}

/// What can be wrong when a switch or a preset is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// No switch has this name.
    UnknownSwitch(String),
    /// No stage has this number.
    UnknownStage(u32),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::UnknownSwitch(name) => {
                let names: Vec<&str> = SWITCHES.iter().map(|switch| switch.name).collect();
                let known = if names.is_empty() {
                    "there are none yet".to_string()
                } else {
                    format!("the switches are {}", names.join(", "))
                };
                write!(f, "unknown switch {name:?}: {known}")
            }
            ConfigError::UnknownStage(stage) => {
                write!(
                    f,
                    "stage {stage} is not a stage: they run from 1 to {LAST_STAGE}"
                )
            }
        }
    }
}

impl std::error::Error for ConfigError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stage a switch came in at, a section's counting as after the last stage.
    fn stage_of(switch: &Switch) -> u32 {
        match switch.introduced {
            Introduced::Stage(stage) => stage,
            Introduced::Section(_) => LAST_STAGE + 1,
        }
    }

    #[test]
    fn every_switch_has_its_own_flag_a_unique_name_and_a_search_stage() {
        let mut seen = Switches::empty();
        for (at, switch) in SWITCHES.iter().enumerate() {
            assert_eq!(switch.flag.bits().count_ones(), 1, "{}", switch.name);
            assert!(
                !seen.intersects(switch.flag),
                "{} reuses a flag",
                switch.name
            );
            seen |= switch.flag;
            let stage = stage_of(switch);
            assert!((11..=LAST_STAGE + 1).contains(&stage), "{}", switch.name);
            assert_eq!(switch.name, switch.name.to_lowercase());
            assert!(SWITCHES[..at].iter().all(|s| s.name != switch.name));
            assert!(SWITCHES[..at].iter().all(|s| stage_of(s) <= stage));
            if let Some(off) = switch.off_from {
                assert!(
                    stage.min(LAST_STAGE) <= off && off <= LAST_STAGE,
                    "{}",
                    switch.name
                );
            }
        }
        assert_eq!(seen, Switches::all(), "a flag has no row in SWITCHES");
    }

    #[test]
    fn a_preset_holds_the_switches_up_to_its_stage_and_the_last_is_main_without_the_sections() {
        for stage in 1..=LAST_STAGE {
            let preset = SearchConfig::preset(stage).unwrap();
            for switch in SWITCHES {
                let off = switch.off_from.is_some_and(|off| off <= stage);
                assert_eq!(preset.is_on(switch.flag), stage_of(switch) <= stage && !off);
            }
        }
        assert_eq!(
            SearchConfig::preset(10).unwrap().switches,
            Switches::empty()
        );
        let sections = SWITCHES
            .iter()
            .filter(|switch| matches!(switch.introduced, Introduced::Section(_)))
            .fold(Switches::empty(), |set, switch| set | switch.flag);
        assert_eq!(
            SearchConfig::preset(LAST_STAGE).unwrap().switches,
            SearchConfig::default().switches - sections,
            "main is the last stage and the sections"
        );
    }

    #[test]
    fn unknown_stages_and_switches_are_named_in_the_error() {
        assert_eq!(SearchConfig::preset(0), Err(ConfigError::UnknownStage(0)));
        assert_eq!(
            SearchConfig::preset(LAST_STAGE + 1),
            Err(ConfigError::UnknownStage(LAST_STAGE + 1))
        );
        let error = SearchConfig::default().set("nosuch", false).unwrap_err();
        assert!(error.to_string().contains("\"nosuch\""), "{error}");
    }
}
