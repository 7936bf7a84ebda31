//! The one source of randomness: a seeded generator (`SplitMix64`), so a
//! `--seed` reproduces a session exactly. No I/O, no global state.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// One die of `sides` faces: 1..=sides.
    pub fn die(&mut self, sides: u32) -> u32 {
        self.below(sides.max(1)) + 1
    }

    /// The destiny die: -1, 0 or +1 with equal odds.
    pub fn destiny(&mut self) -> i32 {
        match self.below(3) {
            0 => -1,
            1 => 0,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_rolls() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.die(6), b.die(6));
        }
    }

    #[test]
    fn dice_stay_on_their_faces_and_the_destiny_die_is_fair() {
        // Rules summary, "Determine your destiny": minus, blank, plus.
        let mut r = Rng::new(1);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            let d = r.die(6);
            assert!((1..=6).contains(&d));
            counts[usize::try_from(r.destiny() + 1).unwrap()] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
