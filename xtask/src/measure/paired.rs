//! The statistics of a speed comparison in paired rounds.
//!
//! Each round runs both sides once, one straight after the other, so whatever else the
//! machine was doing in that round weighs on both. The round's ratio, candidate over base, is
//! what is compared: its logarithm, so that a round twice as fast and one half as fast cancel.
//! The change is the mean log ratio turned back into a percentage; its 95% interval is the
//! mean's, by Student's t with one degree of freedom fewer than the rounds.

/// A measured change with its 95% interval, as fractions: `-0.046` is 4.6% slower.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The change the rounds point to.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Change {
    /// The change with its sign turned, its interval's ends swapped: what a change in a time
    /// says about speed, to be held against the threshold as a speed's change is. A time 5%
    /// shorter reads as 5% faster.
    pub fn opposite(self) -> Change {
        Change {
            value: -self.value,
            low: -self.high,
            high: -self.low,
        }
    }
}

/// What a change says, held against a threshold: the interval entirely past it on one side,
/// entirely inside it, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The whole interval is above the threshold.
    Faster,
    /// The whole interval is below minus the threshold.
    Slower,
    /// The whole interval is within the threshold either way.
    Same,
    /// The interval reaches across the threshold: more rounds are needed to say.
    Undecided,
}

/// The paired change of `rounds`, each a (base, candidate) pair of speeds. `None` with fewer
/// than two rounds, which give no spread to make an interval from.
pub fn paired_change(rounds: &[(f64, f64)]) -> Option<Change> {
    if rounds.len() < 2 {
        return None;
    }
    let logs: Vec<f64> = rounds
        .iter()
        .map(|(base, cand)| (cand / base).ln())
        .collect();
    let n = logs.len() as f64;
    let mean = logs.iter().sum::<f64>() / n;
    let variance = logs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half_width = t_975(logs.len() - 1) * (variance / n).sqrt();
    Some(Change {
        value: mean.exp() - 1.0,
        low: (mean - half_width).exp() - 1.0,
        high: (mean + half_width).exp() - 1.0,
    })
}

/// The verdict on `change` against `threshold` (a fraction: 0.01 for 1%).
pub fn verdict(change: Change, threshold: f64) -> Verdict {
    if change.low > threshold {
        Verdict::Faster
    } else if change.high < -threshold {
        Verdict::Slower
    } else if change.low >= -threshold && change.high <= threshold {
        Verdict::Same
    } else {
        Verdict::Undecided
    }
}

/// The median of `values`: the middle one, or the mean of the middle two.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[middle],
        _ => (sorted[middle - 1] + sorted[middle]) / 2.0,
    }
}

/// The 97.5th percentile of Student's t distribution with `df` degrees of freedom: a 95%
/// interval is this many standard errors either side. Tabled to 30, then the Cornish-Fisher
/// expansion around the normal distribution's 1.96, good to three decimals from there on.
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    if let Some(&t) = TABLE.get(df.wrapping_sub(1)) {
        return t;
    }
    let z: f64 = 1.959_964;
    let df = df as f64;
    z + (z.powi(3) + z) / (4.0 * df)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * df * df)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `a` and `b` agree to `places` decimal places.
    fn close(a: f64, b: f64, places: i32) -> bool {
        (a - b).abs() < 0.5 * 10f64.powi(-places)
    }

    #[test]
    fn the_paired_change_is_the_mean_log_ratio_with_a_t_interval() {
        // Log ratios 0.01, 0.03 and 0.02: mean 0.02, standard deviation 0.01, standard error
        // 0.01 / √3 = 0.005774; t(2) = 4.303, so the half width is 0.024843.
        let rounds = [
            (100.0, 100.0 * 0.01f64.exp()),
            (200.0, 200.0 * 0.03f64.exp()),
            (300.0, 300.0 * 0.02f64.exp()),
        ];
        let change = paired_change(&rounds).unwrap();
        assert!(close(change.value, 0.02f64.exp() - 1.0, 9));
        assert!(close(change.low, (-0.004843f64).exp() - 1.0, 5));
        assert!(close(change.high, 0.044843f64.exp() - 1.0, 5));
    }

    #[test]
    fn a_round_twice_as_fast_and_one_half_as_fast_cancel() {
        let change = paired_change(&[(1.0, 2.0), (1.0, 0.5)]).unwrap();
        assert!(close(change.value, 0.0, 12));
        assert!(change.low < 0.0 && change.high > 0.0);
    }

    #[test]
    fn one_round_gives_no_interval() {
        assert_eq!(paired_change(&[(1.0, 1.1)]), None);
    }

    #[test]
    fn the_verdict_holds_the_whole_interval_against_the_threshold() {
        let change = |low, high| Change {
            value: (low + high) / 2.0,
            low,
            high,
        };
        assert_eq!(verdict(change(0.012, 0.03), 0.01), Verdict::Faster);
        assert_eq!(verdict(change(-0.05, -0.042), 0.01), Verdict::Slower);
        assert_eq!(verdict(change(-0.004, 0.006), 0.01), Verdict::Same);
        assert_eq!(verdict(change(-0.015, -0.002), 0.01), Verdict::Undecided);
        assert_eq!(verdict(change(0.005, 0.02), 0.01), Verdict::Undecided);
    }

    #[test]
    fn a_time_that_falls_past_the_threshold_reads_as_faster() {
        let shorter = Change {
            value: -0.20,
            low: -0.25,
            high: -0.15,
        };
        assert_eq!(
            shorter.opposite(),
            Change {
                value: 0.20,
                low: 0.15,
                high: 0.25
            }
        );
        assert_eq!(verdict(shorter.opposite(), 0.01), Verdict::Faster);
    }

    #[test]
    fn a_candidate_slower_in_every_round_is_reported_slower() {
        let rounds: Vec<(f64, f64)> = (0..10)
            .map(|i| {
                let base = 1_000_000.0 + 10_000.0 * f64::from(i % 3);
                (base, base * (0.80 + 0.01 * f64::from(i % 2)))
            })
            .collect();
        let change = paired_change(&rounds).unwrap();
        assert_eq!(verdict(change, 0.01), Verdict::Slower);
        assert!(change.value < -0.18 && change.value > -0.21);
    }

    #[test]
    fn the_median_is_the_middle_value_or_the_mean_of_the_middle_two() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn t_falls_towards_the_normal_value_as_rounds_grow() {
        assert_eq!(t_975(2), 4.303);
        assert_eq!(t_975(30), 2.042);
        // Published values: t(40) = 2.021, t(60) = 2.000, t(120) = 1.980.
        assert!(close(t_975(40), 2.021, 3));
        assert!(close(t_975(60), 2.000, 3));
        assert!(close(t_975(120), 1.980, 3));
    }
}
