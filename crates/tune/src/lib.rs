//! Tuning cb2026's evaluation on positions from its own games, by Texel's method (chapter 15).
//!
//! The evaluation is a sum of parameters, each counted some number of times in a position
//! (`cb2026::terms`), blended between a midgame and an endgame value by the phase. Given
//! positions and the results of the games they came from, the tuner asks which values make
//! the evaluation the best predictor of those results: it turns an evaluation into an expected
//! score with a logistic curve and moves every value at once, by gradient descent, to make the
//! mean squared error between expected scores and results as small as it can.
//!
//! [`data`] reads the positions and counts their terms once; [`texel`] is the arithmetic.

pub mod data;
pub mod texel;
