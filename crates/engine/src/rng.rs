//! A small random number generator with a fixed seed, for everything in the engine that needs
//! numbers that look random but must be the same on every run: Zobrist keys and the search
//! for magic multipliers.

/// The next number of the SplitMix64 generator (Steele, Lea and Flood, 2014), advancing
/// `state`. It is small, fast, usable in `const` code, and its output passes the usual
/// statistical tests, which is all the engine asks of it.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A stream of SplitMix64 numbers from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The stream that starts from `seed`: the same seed always gives the same stream.
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number of the stream.
    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number with few bits set, about one in eight: the AND of three numbers of the
    /// stream. Magic multipliers are found much sooner among such numbers.
    pub fn sparse_u64(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_splitmix64() {
        // The first output of SplitMix64 from seed 0, as its reference implementation gives it.
        assert_eq!(Rng::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn the_same_seed_gives_the_same_stream() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn sparse_numbers_have_about_a_quarter_as_many_bits() {
        let mut rng = Rng::new(7);
        let bits: u32 = (0..1000).map(|_| rng.sparse_u64().count_ones()).sum();
        // 64 bits, each set with probability 1/8: 8 a number on average.
        assert!((6000..10000).contains(&bits), "{bits}");
    }
}
