//! The static evaluation as the search asks for it: chapter 7's material and tables, or, from
//! stage 20, the tuned evaluation with its terms (chapter 15).

use super::Searcher;
use crate::config::Switches;
use crate::position::Position;
use crate::tuned::TUNED;
use crate::{eval, terms};

impl Searcher<'_> {
    /// What `position` is worth to the side to move, in centipawns: the tuned evaluation
    /// ([`terms::evaluate`] under the values of [`TUNED`]) when its switch is on, and chapter 7's
    /// ([`eval::evaluate`]) when it is off, as under the presets of the stages before 20.
    pub(super) fn evaluate(&self, position: &Position) -> i32 {
        if !self.config.is_on(Switches::TUNED) {
            return eval::evaluate(position);
        }
        terms::evaluate(position, &TUNED)
    }
}
