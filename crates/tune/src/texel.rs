//! Texel's method: the evaluation as a predictor of game results, and gradient descent on its
//! error.
//!
//! An evaluation `e` in centipawns becomes an expected score for White by the logistic curve
//! `1 / (1 + 10^(-k e / 400))`, the curve the Elo system uses for rating differences: 0.5 at
//! `e = 0`, near 1 for a large advantage. The scaling constant `k` is fitted first, with the
//! values tuning starts from, so that the curve suits the evaluation's own scale; it then stays
//! fixed, and the values move. The error is the mean of `(expected - result)²` over the
//! positions, and every value moves at once, down its gradient, by Adam (Kingma and Ba, 2014),
//! which keeps a running average of each value's gradient and of its square and steps by their
//! ratio, so that a value the data rarely counts moves as surely as one it counts everywhere.

use crate::data::Sample;

/// Every parameter's midgame and endgame value, as real numbers while they are tuned.
pub type Weights = Vec<[f64; 2]>;

/// The evaluation of `sample` under `weights`, in centipawns from White's side: each counted
/// parameter's values times its count, blended by the phase as the engine blends them.
pub fn evaluate(sample: &Sample, weights: &Weights) -> f64 {
    let (mut midgame, mut endgame) = (0.0, 0.0);
    for &(index, count) in &sample.terms {
        let [m, e] = weights[usize::from(index)];
        midgame += m * f64::from(count);
        endgame += e * f64::from(count);
    }
    midgame * sample.midgame + endgame * (1.0 - sample.midgame)
}

/// White's expected score for an evaluation of `centipawns`, under scaling constant `k`.
pub fn expected_score(centipawns: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * centipawns / 400.0))
}

/// The mean squared error of `weights`' predictions of `samples`' results.
pub fn loss(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (expected_score(evaluate(s, weights), k) - s.result).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The scaling constant that makes `weights`' error on `samples` smallest, found by a
/// golden-section search between 0.05 and 5, to four decimal places: the error is a smooth
/// curve in `k` with one minimum there.
pub fn fit_scale(samples: &[Sample], weights: &Weights) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.05, 5.0);
    while high - low > 1e-4 {
        let left = high - ratio * (high - low);
        let right = low + ratio * (high - low);
        if loss(samples, weights, left) < loss(samples, weights, right) {
            high = right;
        } else {
            low = left;
        }
    }
    (low + high) / 2.0
}

/// The gradient of the error on `samples` with respect to every value of `weights`.
pub fn gradient(samples: &[Sample], weights: &Weights, k: f64) -> Weights {
    let mut gradient = vec![[0.0; 2]; weights.len()];
    let slope = k * std::f64::consts::LN_10 / 400.0;
    let scale = 2.0 / samples.len().max(1) as f64;
    for sample in samples {
        let expected = expected_score(evaluate(sample, weights), k);
        // d(error)/d(evaluation) for this sample; the evaluation is linear in each value.
        let by_eval = scale * (expected - sample.result) * expected * (1.0 - expected) * slope;
        let (by_midgame, by_endgame) = (by_eval * sample.midgame, by_eval * (1.0 - sample.midgame));
        for &(index, count) in &sample.terms {
            let cell = &mut gradient[usize::from(index)];
            cell[0] += by_midgame * f64::from(count);
            cell[1] += by_endgame * f64::from(count);
        }
    }
    gradient
}

/// Adam's state: each value's running average of its gradient and of its square.
pub struct Adam {
    /// How far a value moves at most in one step, about: in centipawns.
    rate: f64,
    /// The running averages of the gradients.
    mean: Weights,
    /// The running averages of the squared gradients.
    square: Weights,
    /// The number of steps taken.
    steps: i32,
}

impl Adam {
    /// How much of the running averages each step keeps: the usual 0.9 and 0.999.
    const DECAY: (f64, f64) = (0.9, 0.999);

    /// A new optimiser for `len` parameters, stepping by about `rate` centipawns.
    pub fn new(len: usize, rate: f64) -> Adam {
        Adam {
            rate,
            mean: vec![[0.0; 2]; len],
            square: vec![[0.0; 2]; len],
            steps: 0,
        }
    }

    /// Moves `weights` one step against `gradient`.
    pub fn step(&mut self, weights: &mut Weights, gradient: &Weights) {
        let (b1, b2) = Self::DECAY;
        self.steps += 1;
        let (unbias1, unbias2) = (1.0 - b1.powi(self.steps), 1.0 - b2.powi(self.steps));
        for (i, weight) in weights.iter_mut().enumerate() {
            for part in 0..2 {
                let g = gradient[i][part];
                self.mean[i][part] = b1 * self.mean[i][part] + (1.0 - b1) * g;
                self.square[i][part] = b2 * self.square[i][part] + (1.0 - b2) * g * g;
                let (m, v) = (self.mean[i][part] / unbias1, self.square[i][part] / unbias2);
                weight[part] -= self.rate * m / (v.sqrt() + 1e-12);
            }
        }
    }
}

/// The errors after one pass over the data.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// The pass's number, from 1.
    pub number: usize,
    /// The error on the training positions.
    pub training: f64,
    /// The error on the held-out positions.
    pub validation: f64,
}

/// How much evidence `samples` hold about each half of each of `len` parameters: the number
/// of positions that count it, each weighted by how far it is in the midgame for the midgame
/// value and how far in the endgame for the endgame value. A value the data sees only in
/// endgames says nothing about its midgame half, which would otherwise drift where the error
/// barely notices it.
pub fn evidence(samples: &[Sample], len: usize) -> Vec<[f64; 2]> {
    let mut seen = vec![[0.0; 2]; len];
    for sample in samples {
        for &(index, _) in &sample.terms {
            let cell = &mut seen[usize::from(index)];
            cell[0] += sample.midgame;
            cell[1] += 1.0 - sample.midgame;
        }
    }
    seen
}

/// Which values tuning may move, and how.
pub struct Freedom<'a> {
    /// Whether each value's midgame and endgame halves move; the others keep their starting
    /// values.
    pub learnable: &'a [[bool; 2]],
    /// Sets of values held centred: after every step, each set's mean, weighted by the
    /// training positions' [`evidence`] of each value, is taken off its learnable values, so
    /// that the set as a whole adds nothing on average. A table of bonuses by count (a piece's
    /// mobility) is centred so that it cannot grow into a second copy of the piece's value.
    pub centred: &'a [Vec<usize>],
    /// How strongly each value is pulled back towards its starting value: the descent
    /// minimises the error plus `pull × (value − start)²` summed over the values, so a value
    /// moves far only where the data asks for it strongly. Without it, a half the data barely
    /// tells apart from the other (a midgame value seen only in late middlegames) drifts
    /// along with it to sizes no position justifies. The errors reported are the data's alone.
    pub pull: f64,
}

/// Tunes `weights` on `training` for `epochs` passes of full-batch gradient descent with Adam
/// at `rate`, under scaling constant `k`, moving only what `freedom` allows, and calling
/// `report` after each pass with the errors on the training and the validation positions.
pub fn train(
    training: &[Sample],
    validation: &[Sample],
    weights: &mut Weights,
    (k, epochs, rate): (f64, usize, f64),
    freedom: &Freedom,
    mut report: impl FnMut(Epoch),
) {
    let seen = evidence(training, weights.len());
    let start = weights.clone();
    let mut adam = Adam::new(weights.len(), rate);
    for number in 1..=epochs {
        let mut gradient = gradient(training, weights, k);
        for (i, cell) in gradient.iter_mut().enumerate() {
            for part in [0, 1] {
                cell[part] = if freedom.learnable[i][part] {
                    cell[part] + 2.0 * freedom.pull * (weights[i][part] - start[i][part])
                } else {
                    0.0
                };
            }
        }
        adam.step(weights, &gradient);
        for set in freedom.centred {
            centre(weights, set, &seen, freedom.learnable);
        }
        report(Epoch {
            number,
            training: loss(training, weights, k),
            validation: loss(validation, weights, k),
        });
    }
}

/// Takes off the learnable values of `set` their mean, midgame and endgame apart, weighted by
/// `seen`, so that the weighted mean of the whole set is zero (values that do not learn are
/// left where they are and count in the mean).
pub fn centre(weights: &mut Weights, set: &[usize], seen: &[[f64; 2]], learnable: &[[bool; 2]]) {
    for part in [0, 1] {
        let learning = || set.iter().copied().filter(|&i| learnable[i][part]);
        let total: f64 = learning().map(|i| seen[i][part]).sum();
        if total == 0.0 {
            continue;
        }
        let mean = set
            .iter()
            .map(|&i| seen[i][part] * weights[i][part])
            .sum::<f64>()
            / total;
        for i in learning() {
            weights[i][part] -= mean;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample counting parameter 0 `count` times, fully in the midgame, with `result`.
    fn one_term(count: i16, result: f64) -> Sample {
        Sample {
            terms: vec![(0, count)],
            midgame: 1.0,
            result,
            game: 0,
        }
    }

    #[test]
    fn the_expected_score_is_a_half_at_zero_and_rises_with_the_evaluation() {
        assert_eq!(expected_score(0.0, 1.0), 0.5);
        assert!(expected_score(100.0, 1.0) > 0.6 && expected_score(100.0, 1.0) < 0.7);
        assert!((expected_score(-100.0, 1.0) + expected_score(100.0, 1.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_gradient_agrees_with_the_slope_of_the_error() {
        let samples = [one_term(1, 1.0), one_term(2, 0.5), one_term(-1, 0.0)];
        let weights = vec![[40.0, 10.0]];
        let analytic = gradient(&samples, &weights, 1.3)[0][0];
        let h = 1e-4;
        let (up, down) = (vec![[40.0 + h, 10.0]], vec![[40.0 - h, 10.0]]);
        let numeric = (loss(&samples, &up, 1.3) - loss(&samples, &down, 1.3)) / (2.0 * h);
        assert!(
            (analytic - numeric).abs() < 1e-9,
            "{analytic} against {numeric}"
        );
    }

    #[test]
    fn training_lowers_the_error_and_learns_a_term_that_predicts_wins() {
        // A term that White has in won games and Black in lost ones, and draws without it.
        let mut samples = Vec::new();
        for _ in 0..50 {
            samples.extend([one_term(1, 1.0), one_term(-1, 0.0), one_term(0, 0.5)]);
        }
        let mut weights = vec![[0.0, 0.0]];
        let before = loss(&samples, &weights, 1.0);
        train(
            &samples,
            &samples,
            &mut weights,
            (1.0, 200, 5.0),
            &Freedom {
                learnable: &[[true; 2]],
                centred: &[],
                pull: 0.0,
            },
            |_| {},
        );
        assert!(loss(&samples, &weights, 1.0) < before / 2.0);
        assert!(weights[0][0] > 100.0, "{weights:?}");
    }

    #[test]
    fn only_the_learnable_values_move() {
        let mut samples = vec![one_term(1, 1.0); 20];
        samples.push(Sample {
            terms: vec![(1, 1)],
            midgame: 1.0,
            result: 1.0,
            game: 0,
        });
        assert_eq!(evidence(&samples, 2), [[20.0, 0.0], [1.0, 0.0]]);
        let mut weights = vec![[0.0, 0.0], [7.0, 7.0]];
        train(
            &samples,
            &samples,
            &mut weights,
            (1.0, 50, 5.0),
            &Freedom {
                learnable: &[[true; 2], [false; 2]],
                centred: &[],
                pull: 0.0,
            },
            |_| {},
        );
        assert!(weights[0][0] > 0.0);
        assert_eq!(weights[1], [7.0, 7.0]);
    }

    #[test]
    fn a_centred_set_keeps_a_weighted_mean_of_zero_while_it_learns() {
        // Two counts of one table: 30 positions count value 0, all won, and 10 count
        // value 1, all lost. Alone, both would move towards the results; centred, value 0
        // may rise only as far as value 1 falls, three times as far.
        let mut samples = vec![one_term(1, 1.0); 30];
        samples.extend(std::iter::repeat_n(
            Sample {
                terms: vec![(1, 1)],
                midgame: 1.0,
                result: 0.0,
                game: 0,
            },
            10,
        ));
        let mut weights = vec![[0.0, 0.0], [0.0, 0.0]];
        train(
            &samples,
            &samples,
            &mut weights,
            (1.0, 100, 5.0),
            &Freedom {
                learnable: &[[true; 2]; 2],
                centred: &[vec![0, 1]],
                pull: 0.0,
            },
            |_| {},
        );
        let mean = 30.0 * weights[0][0] + 10.0 * weights[1][0];
        assert!(mean.abs() < 1e-6, "{weights:?}");
        assert!(weights[0][0] > 0.0 && weights[1][0] < 0.0, "{weights:?}");
    }

    #[test]
    fn a_pull_towards_the_start_keeps_a_value_nearer_where_it_began() {
        let samples = [one_term(1, 1.0), one_term(-1, 0.0)];
        let tuned = |pull: f64| {
            let mut weights = vec![[0.0, 0.0]];
            let freedom = Freedom {
                learnable: &[[true; 2]],
                centred: &[],
                pull,
            };
            train(
                &samples,
                &samples,
                &mut weights,
                (1.0, 300, 5.0),
                &freedom,
                |_| {},
            );
            weights[0][0]
        };
        let (free, pulled) = (tuned(0.0), tuned(1e-5));
        assert!(
            pulled > 0.0 && pulled < free / 2.0,
            "{pulled} against {free}"
        );
    }

    #[test]
    fn the_fitted_scale_is_the_one_the_data_was_made_with() {
        // Results drawn as the curve expects them under k = 0.8: a fraction of wins at each
        // evaluation equal to the expected score.
        let mut samples = Vec::new();
        for count in -4i16..=4 {
            let wins = (expected_score(f64::from(count) * 100.0, 0.8) * 100.0).round() as usize;
            for n in 0..100 {
                samples.push(one_term(count, if n < wins { 1.0 } else { 0.0 }));
            }
        }
        let k = fit_scale(&samples, &vec![[100.0, 0.0]]);
        assert!((k - 0.8).abs() < 0.02, "{k}");
    }
}
