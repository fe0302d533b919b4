//! A small deterministic random number generator (SplitMix64), so the
//! engine stays free of dependencies.

/// SplitMix64: fast, seedable, the same stream on every platform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose stream is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A stream of its own for game `n` of a run seeded `seed`.
    pub fn stream(seed: u64, n: u64) -> Rng {
        let mut r = Rng(seed ^ n.wrapping_mul(0xd1b5_4a32_d192_ed03));
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// True with probability `num/den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    ///
    /// ```
    /// use omweso_engine::search::Rng;
    ///
    /// let mut rng = Rng::new(7);
    /// assert!((0..1000).map(|_| rng.unit()).all(|u| (0.0..1.0).contains(&u)));
    /// ```
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// One of `items`, each as likely; `None` when there are none.
    ///
    /// ```
    /// use omweso_engine::search::Rng;
    ///
    /// let mut rng = Rng::new(7);
    /// let words = ["sow", "relay", "capture"];
    /// assert!(words.contains(rng.pick(&words).unwrap()));
    /// assert_eq!(rng.pick::<u8>(&[]), None);
    /// ```
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len() as u64) as usize)
    }
}
