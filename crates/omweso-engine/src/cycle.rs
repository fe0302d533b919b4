//! Brent's cycle detection, exact and allocation-free: the one detector
//! behind never-ending moves, for move generation and for playing alike.

/// Brent's algorithm over a deterministic sequence of states.
///
/// Start it at a state, then hand it every following state in turn; it
/// answers with the cycle's length once a state repeats. It keeps one saved
/// state (the tortoise), so it never allocates, and it is exact: a sequence
/// that cycles is always caught, however long its cycle, and one that does
/// not is never cut short.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Brent<S> {
    tortoise: S,
    power: u64,
    lam: u64,
    steps: u64,
}

impl<S: Copy + Eq> Brent<S> {
    /// A detector whose sequence starts at `start`.
    #[inline]
    pub(crate) fn new(start: S) -> Brent<S> {
        Brent {
            tortoise: start,
            power: 1,
            lam: 0,
            steps: 0,
        }
    }

    /// Forget what was seen: the sequence starts again at `start`.
    #[inline]
    pub(crate) fn restart(&mut self, start: S) {
        *self = Brent::new(start);
    }

    /// The next state of the sequence: the cycle's length once a state has
    /// repeated, else `None`.
    #[inline]
    pub(crate) fn step(&mut self, st: &S) -> Option<u64> {
        self.lam += 1;
        self.steps += 1;
        if *st == self.tortoise {
            return Some(self.lam);
        }
        if self.lam == self.power {
            self.tortoise = *st;
            self.power <<= 1;
            self.lam = 0;
        }
        None
    }

    /// States handed to [`Brent::step`] since the start (or the restart).
    #[inline]
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }
}

/// Steps from `origin` until a cycle of length `lambda` is first entered
/// (the second phase of Brent's algorithm: mu), where `next` advances a
/// state by one step.
pub(crate) fn steps_before_cycle<S: Copy + Eq>(
    origin: S,
    lambda: u64,
    mut next: impl FnMut(&mut S),
) -> u64 {
    let mut hare = origin;
    for _ in 0..lambda {
        next(&mut hare);
    }
    let mut tortoise = origin;
    let mut mu = 0;
    while tortoise != hare {
        next(&mut tortoise);
        next(&mut hare);
        mu += 1;
    }
    mu
}

#[cfg(test)]
mod tests {
    use super::*;

    /// x -> (x * x + 1) mod m, a sequence with a tail and a cycle.
    fn next(m: u64) -> impl FnMut(&mut u64) {
        move |x: &mut u64| *x = (*x * *x + 1) % m
    }

    /// The tail and cycle lengths by brute force.
    fn naive(start: u64, m: u64) -> (u64, u64) {
        let mut seen = Vec::new();
        let mut x = start;
        let mut f = next(m);
        loop {
            if let Some(i) = seen.iter().position(|&y| y == x) {
                return (i as u64, (seen.len() - i) as u64);
            }
            seen.push(x);
            f(&mut x);
        }
    }

    #[test]
    fn brent_finds_the_exact_cycle_and_tail() {
        for m in [2u64, 7, 10, 97, 255, 1000, 4099] {
            for start in [0u64, 1, 3, 5] {
                let mut b = Brent::new(start);
                let mut x = start;
                let mut f = next(m);
                let lambda = loop {
                    f(&mut x);
                    if let Some(l) = b.step(&x) {
                        break l;
                    }
                };
                let (mu, cycle) = naive(start, m);
                assert_eq!(lambda, cycle, "m={m} start={start}");
                assert_eq!(steps_before_cycle(start, lambda, next(m)), mu);
                assert!(b.steps() >= mu + lambda);
            }
        }
    }

    #[test]
    fn restart_forgets_the_past() {
        let mut b = Brent::new(1u64);
        assert_eq!(b.step(&2), None);
        b.restart(5);
        assert_eq!(b.steps(), 0);
        assert_eq!(b.step(&5), Some(1));
    }
}
