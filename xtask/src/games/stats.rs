//! The statistics of a match, from first principles (chapter 6 explains them).
//!
//! Games are played in pairs, one opening with each engine as White once, so a pair's result
//! for the first engine, A, is one of five: 0, ½, 1, 1½ or 2 points. Counting the five (the
//! pentanomial) instead of wins, draws and losses lets the opening's bias cancel inside each
//! pair, which makes the variance smaller and the test quicker. The Elo difference follows
//! from the mean score; its interval from the variance of the pair scores. The sequential
//! probability ratio test (SPRT) weighs two hypotheses about normalized Elo, whose unit is
//! fixed by the spread of the results rather than by the draw rate, as fastchess and
//! OpenBench do.

/// `800 / ln 10`, about 347.4: between even engines that never draw, the Elo difference that
/// moves the expected score by one standard deviation of a game's result (which is then ½),
/// since the Elo curve rises by `ln 10 / 1600` a point at 0. Normalized Elo multiplies a
/// distance in those standard deviations by it. (Elo per logit of the score is half of it,
/// `400 / ln 10`.)
const ELO_PER_STANDARD_DEVIATION: f64 = 800.0 / std::f64::consts::LN_10;

/// What a count of zero is taken to be when moments are computed. Without it, a run in
/// which every pair ended alike would have no variance, and neither an interval nor an LLR.
/// OpenBench does the same, with the same small number.
const EMPTY_COUNT: f64 = 1e-3;

/// The normal distribution's 97.5th percentile: a 95% interval is this many standard errors
/// either side.
const Z_95: f64 = 1.959_963_984_540_054;

/// The chance a 95% interval leaves out on each side.
const TAIL: f64 = 0.025;

/// How many pairs ended with each number of half points for engine A: `counts[0]` lost both
/// games, `counts[2]` drew both or won one and lost one, `counts[4]` won both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// The counts, by A's half points in the pair.
    pub counts: [u32; 5],
}

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The most likely value.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Pentanomial {
    /// Counts one more pair, in which A scored `half_points` (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points] += 1;
    }

    /// The counts as weights, a zero taken as `EMPTY_COUNT`, and their sum.
    fn weights(&self) -> ([f64; 5], f64) {
        let weights = self
            .counts
            .map(|c| if c == 0 { EMPTY_COUNT } else { f64::from(c) });
        (weights, weights.iter().sum())
    }

    /// The mean and variance of a pair's score, scaled to a game's (0 to 1): the mean is A's
    /// expected score a game.
    pub fn moments(&self) -> (f64, f64) {
        let (weights, total) = self.weights();
        let score = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| weights[i] * score(i)).sum::<f64>() / total;
        let variance = (0..5)
            .map(|i| weights[i] * (score(i) - mean).powi(2))
            .sum::<f64>()
            / total;
        (mean, variance)
    }

    /// Whether every pair went one way, all won or all lost by A: the mean score is then 100%
    /// or 0%, which has no finite Elo, and [`Pentanomial::elo`]'s value comes from the small
    /// count that stands in for each empty one, not from the games.
    pub fn is_one_sided(&self) -> bool {
        let [lost, one, even, three, won] = self.counts;
        one + even + three == 0 && (lost == 0 || won == 0)
    }

    /// A's Elo advantage, from its mean score, with the 95% interval of the mean; for a run in
    /// which every pair went one way, [`Pentanomial::one_sided_elo`].
    pub fn elo(&self) -> Estimate {
        let [lost, .., won] = self.counts;
        if self.is_one_sided() && lost + won > 0 {
            return self.one_sided_elo();
        }
        let (mean, variance) = self.moments();
        let (_, pairs) = self.weights();
        let margin = Z_95 * (variance / pairs).sqrt();
        Estimate {
            value: logistic_elo(mean),
            low: logistic_elo(mean - margin),
            high: logistic_elo(mean + margin),
        }
    }

    /// The Elo of a run in which A won every game, or lost every one. The mean score is then
    /// 100% or 0%, with no spread, and the normal approximation has nothing to work with: the
    /// estimate has no finite value, nor has the interval on the winner's side. The other end
    /// is exact. If A scores a game with chance at most `p`, it wins all `n` games with chance
    /// at most `pⁿ`; the least `p` for which that is still [`TAIL`] is the interval's end,
    /// `TAIL^(1/n)`. (The clamp of [`logistic_elo`] stands for the ends with no finite value.)
    fn one_sided_elo(&self) -> Estimate {
        let [lost, .., won] = self.counts;
        let games = 2.0 * f64::from(lost + won);
        let bound = logistic_elo(TAIL.powf(1.0 / games));
        let unbounded = logistic_elo(1.0);
        if won > 0 {
            Estimate {
                value: unbounded,
                low: bound,
                high: unbounded,
            }
        } else {
            Estimate {
                value: -unbounded,
                low: -unbounded,
                high: -bound,
            }
        }
    }

    /// A's advantage in normalized Elo: the mean's distance from ½ in standard deviations of a
    /// game's result (√2 times a pair's, scaled to a game), scaled so that it matches Elo
    /// where games are never drawn.
    pub fn normalized_elo(&self) -> Estimate {
        let (mean, variance) = self.moments();
        let (_, pairs) = self.weights();
        // A game's standard deviation is √2 times a pair's (scaled to a game), as if the pair's
        // two games were independent: a mean of two halves the variance.
        let value = (mean - 0.5) / (2.0 * variance).sqrt() * ELO_PER_STANDARD_DEVIATION;
        // The mean's standard error is σ/√N, so the estimate's is that factor over √(2N).
        let margin = Z_95 * ELO_PER_STANDARD_DEVIATION / (2.0 * pairs).sqrt();
        Estimate {
            value,
            low: value - margin,
            high: value + margin,
        }
    }

    /// The log-likelihood ratio of "A is `elo1` normalized Elo better" against "A is `elo0`
    /// better", under the normal approximation to the mean of the pair scores.
    ///
    /// Each hypothesis fixes a mean score (see [`Pentanomial::hypothesis_score`]); with the
    /// observed variance σ² shared by both, the log of the ratio of the two normal likelihoods
    /// of N pairs is `N·(s₁ − s₀)·(2·mean − s₀ − s₁) / (2σ²)`.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (mean, variance) = self.moments();
        let (_, pairs) = self.weights();
        let (s0, s1) = (self.hypothesis_score(elo0), self.hypothesis_score(elo1));
        pairs * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The mean score a game that a difference of `nelo` normalized Elo means, with the spread
    /// of these pairs: normalized Elo read backwards, `½ + nElo·√2·σ / (800 / ln 10)`.
    pub fn hypothesis_score(&self, nelo: f64) -> f64 {
        let (_, variance) = self.moments();
        let game_deviation = std::f64::consts::SQRT_2 * variance.sqrt();
        0.5 + nelo * game_deviation / ELO_PER_STANDARD_DEVIATION
    }
}

/// The Elo difference at which the stronger side expects `score` a game: the inverse of the
/// logistic curve `1 / (1 + 10^(−Elo/400))`.
pub fn logistic_elo(score: f64) -> f64 {
    let score = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Whether an Elo figure is [`logistic_elo`]'s clamp (±3600) rather than an estimate: the end
/// of an interval whose score reaches 0% or 100%, where the logistic curve has no finite Elo.
pub fn is_open_end(elo: f64) -> bool {
    elo.abs() >= logistic_elo(1.0) - 1.0
}

/// An Elo figure in words, to `decimals` places, or `open` (such as "no finite end") where it
/// is [`logistic_elo`]'s clamp, which the games do not bound: how records, plots and the match
/// runner's progress line all print one.
pub fn elo_text(elo: f64, decimals: usize, open: &str) -> String {
    if is_open_end(elo) {
        open.to_string()
    } else {
        format!("{elo:.decimals$}")
    }
}

/// An SPRT's hypotheses (in normalized Elo) and error rates.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sprt {
    /// The Elo of the null hypothesis, H0: the change is worth this or less.
    pub elo0: f64,
    /// The Elo of the alternative, H1: the change is worth this or more.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 is true.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 is true.
    pub beta: f64,
}

impl std::fmt::Display for Sprt {
    /// The hypotheses and error rates, as a person reads them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        } = self;
        write!(f, "H0 {elo0}, H1 {elo1}, alpha {alpha}, beta {beta}")
    }
}

/// What an SPRT concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: H0 is accepted.
    H0,
    /// The LLR rose to the upper bound: H1 is accepted.
    H1,
    /// Neither bound is reached: play on.
    Undecided,
}

impl Sprt {
    /// The LLR at or below which H0 is accepted: `ln(β / (1 − α))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at or above which H1 is accepted: `ln((1 − β) / α)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// What an LLR of `llr` concludes.
    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper() {
            Verdict::H1
        } else if llr <= self.lower() {
            Verdict::H0
        } else {
            Verdict::Undecided
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pentanomial with these counts.
    fn penta(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// The usual test: is A 0 or 10 normalized Elo better, at 5% error either way.
    const SPRT: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn a_score_of_all_or_nothing_is_one_sided_and_its_interval_has_an_open_end() {
        let won = penta([0, 0, 0, 0, 10]);
        assert!(won.is_one_sided() && penta([10, 0, 0, 0, 0]).is_one_sided());
        assert!(!penta([1, 0, 0, 0, 9]).is_one_sided());
        assert!(!penta([0, 0, 1, 0, 9]).is_one_sided());
        assert!(is_open_end(won.elo().high) && !is_open_end(won.elo().low));
        assert!(is_open_end(logistic_elo(0.0)) && !is_open_end(1030.0));
    }

    #[test]
    fn a_one_sided_run_has_no_estimate_and_an_exact_bound_on_the_losers_side() {
        // Twenty games won: a game-winning chance of p wins all twenty with chance p^20, which
        // is 2.5% at p = 0.025^(1/20) ≈ 0.8316, where the Elo curve stands at about 277.
        let won = penta([0, 0, 0, 0, 10]).elo();
        assert!(is_open_end(won.value) && is_open_end(won.high), "{won:?}");
        assert!((won.low - 277.0).abs() < 1.0, "{won:?}");
        let lost = penta([10, 0, 0, 0, 0]).elo();
        assert!(is_open_end(lost.value) && is_open_end(lost.low), "{lost:?}");
        assert!((lost.high + won.low).abs() < 1e-9, "{lost:?}");
        // More games bound it further out.
        assert!(penta([0, 0, 0, 0, 20]).elo().low > won.low);
    }

    #[test]
    fn even_results_are_worth_no_elo() {
        for counts in [[0, 0, 40, 0, 0], [5, 10, 20, 10, 5], [10, 0, 0, 0, 10]] {
            let p = penta(counts);
            assert!(p.elo().value.abs() < 1e-9, "{counts:?}");
            assert!(p.normalized_elo().value.abs() < 1e-9, "{counts:?}");
            assert!(p.elo().low < 0.0 && p.elo().high > 0.0, "{counts:?}");
        }
    }

    #[test]
    fn elo_comes_from_the_mean_score_as_worked_by_hand() {
        // Mean score (10·¼ + 20·½ + 30·¾) / 60 = 7/12; Elo = −400·log10(5/7) ≈ 58.45.
        let elo = penta([0, 10, 20, 30, 0]).elo();
        assert!((elo.value - 58.45).abs() < 0.1, "{elo:?}");
        assert!(elo.low < elo.value && elo.value < elo.high);
        assert!((logistic_elo(0.75) - 190.85).abs() < 0.01);
    }

    #[test]
    fn swapping_the_engines_negates_the_elo_and_the_llr_evidence() {
        let a = penta([3, 10, 20, 14, 6]);
        let b = penta([6, 14, 20, 10, 3]);
        assert!((a.elo().value + b.elo().value).abs() < 1e-9);
        assert!((a.normalized_elo().value + b.normalized_elo().value).abs() < 1e-9);
        assert!(a.llr(-5.0, 5.0) > 0.0 && b.llr(-5.0, 5.0) < 0.0);
        assert!((a.llr(-5.0, 5.0) + b.llr(-5.0, 5.0)).abs() < 1e-9);
    }

    #[test]
    fn the_interval_narrows_as_pairs_add_up() {
        let few = penta([1, 2, 4, 2, 1]).elo();
        let many = penta([10, 20, 40, 20, 10]).elo();
        assert!(many.high - many.low < few.high - few.low);
        let few = penta([1, 2, 4, 2, 1]).normalized_elo();
        let many = penta([10, 20, 40, 20, 10]).normalized_elo();
        assert!((few.high - few.low) / (many.high - many.low) > 3.0);
    }

    #[test]
    fn the_sprt_accepts_h1_for_a_clearly_better_engine_and_h0_for_an_equal_one() {
        assert_eq!(
            SPRT.verdict(penta([0, 0, 0, 0, 30]).llr(0.0, 10.0)),
            Verdict::H1
        );
        let even = penta([300, 900, 1800, 900, 300]);
        assert_eq!(SPRT.verdict(even.llr(0.0, 10.0)), Verdict::H0);
        assert_eq!(
            SPRT.verdict(penta([1, 2, 3, 2, 1]).llr(0.0, 10.0)),
            Verdict::Undecided
        );
        // Wald's bounds for 5% errors: ln(0.05/0.95) and ln(0.95/0.05).
        assert!((SPRT.lower() + 2.944).abs() < 1e-3 && (SPRT.upper() - 2.944).abs() < 1e-3);
    }

    #[test]
    fn more_won_pairs_mean_a_larger_llr() {
        let mut previous = f64::NEG_INFINITY;
        for won in 0..10 {
            let llr = penta([5, 10, 20, 10 + won, 5]).llr(0.0, 10.0);
            assert!(llr > previous, "{won}: {llr}");
            previous = llr;
        }
    }
}
