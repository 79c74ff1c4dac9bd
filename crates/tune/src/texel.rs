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

/// How many of `samples` count each of `len` parameters at least once.
pub fn occurrences(samples: &[Sample], len: usize) -> Vec<usize> {
    let mut seen = vec![0; len];
    for sample in samples {
        for &(index, _) in &sample.terms {
            seen[usize::from(index)] += 1;
        }
    }
    seen
}

/// Tunes `weights` on `training` for `epochs` passes of full-batch gradient descent with Adam
/// at `rate`, under scaling constant `k`, calling `report` after each pass with the errors on
/// the training and the validation positions. Only the values `learnable` marks move; the
/// others keep their starting values.
pub fn train(
    training: &[Sample],
    validation: &[Sample],
    weights: &mut Weights,
    (k, epochs, rate): (f64, usize, f64),
    learnable: &[bool],
    mut report: impl FnMut(Epoch),
) {
    let mut adam = Adam::new(weights.len(), rate);
    for number in 1..=epochs {
        let mut gradient = gradient(training, weights, k);
        for (cell, &learn) in gradient.iter_mut().zip(learnable) {
            if !learn {
                *cell = [0.0, 0.0];
            }
        }
        adam.step(weights, &gradient);
        report(Epoch {
            number,
            training: loss(training, weights, k),
            validation: loss(validation, weights, k),
        });
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
            &[true],
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
        assert_eq!(occurrences(&samples, 2), [20, 1]);
        let mut weights = vec![[0.0, 0.0], [7.0, 7.0]];
        train(
            &samples,
            &samples,
            &mut weights,
            (1.0, 50, 5.0),
            &[true, false],
            |_| {},
        );
        assert!(weights[0][0] > 0.0);
        assert_eq!(weights[1], [7.0, 7.0]);
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
