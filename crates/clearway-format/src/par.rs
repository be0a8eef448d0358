//! Parallel steps on rayon's thread pool with the `parallel` feature, and
//! the same calls run in order without it. Every parallel step in the crate
//! keeps its order and collects what it computes, so both give the same
//! results.

#[cfg(feature = "parallel")]
pub use rayon::iter::repeat_n;
#[cfg(not(feature = "parallel"))]
pub use std::iter::repeat_n;

/// `n` copies of `value`, written on every core: the vector's pages are
/// first touched (and so faulted in by the kernel) on every core, not on
/// one. For the large per-edge vectors that parallel steps then fill in
/// place: `vec![value; n]` writes them all on one thread, and on a
/// million-edge level those page faults were a visible share of the run.
pub fn filled<T: Clone + Send>(value: T, n: usize) -> Vec<T> {
    use prelude::*;
    let mut all = Vec::with_capacity(n);
    all.par_extend(repeat_n(value, n));
    all
}

/// Runs two closures side by side (rayon's `join`), or one after the other.
#[cfg(feature = "parallel")]
pub use rayon::join;

/// Runs two closures side by side (rayon's `join`), or one after the other.
#[cfg(not(feature = "parallel"))]
pub fn join<A, B>(a: impl FnOnce() -> A, b: impl FnOnce() -> B) -> (A, B) {
    (a(), b())
}

/// rayon's traits (`par_iter`, `into_par_iter`, ...), or, without the
/// `parallel` feature, the same methods on plain iterators.
#[cfg(feature = "parallel")]
pub mod prelude {
    pub use rayon::prelude::*;
}

/// rayon's traits (`par_iter`, `into_par_iter`, ...), or, without the
/// `parallel` feature, the same methods on plain iterators.
#[cfg(not(feature = "parallel"))]
pub mod prelude {
    /// `par_iter`, `par_chunks_mut` and `par_sort_unstable` on slices.
    pub trait ParallelSlice<T> {
        fn par_iter(&self) -> std::slice::Iter<'_, T>;
        fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T>;
        fn par_sort_unstable(&mut self)
        where
            T: Ord;
    }

    impl<T> ParallelSlice<T> for [T] {
        fn par_iter(&self) -> std::slice::Iter<'_, T> {
            self.iter()
        }
        fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T> {
            self.chunks_mut(size)
        }
        fn par_sort_unstable(&mut self)
        where
            T: Ord,
        {
            self.sort_unstable();
        }
    }

    /// `into_par_iter` on anything iterable.
    pub trait IntoParallelIterator: IntoIterator + Sized {
        fn into_par_iter(self) -> Self::IntoIter {
            self.into_iter()
        }
    }

    impl<I: IntoIterator> IntoParallelIterator for I {}

    /// rayon's `flat_map_iter`, which is `flat_map` in order, and
    /// `map_init`, which is `map` with one state for the whole run (rayon
    /// makes one a piece of work).
    pub trait ParallelIterator: Iterator + Sized {
        fn flat_map_iter<U: IntoIterator, F: FnMut(Self::Item) -> U>(
            self,
            f: F,
        ) -> std::iter::FlatMap<Self, U, F> {
            self.flat_map(f)
        }

        fn map_init<T, R>(
            self,
            init: impl Fn() -> T,
            f: impl Fn(&mut T, Self::Item) -> R,
        ) -> impl Iterator<Item = R> {
            let mut state = init();
            self.map(move |item| f(&mut state, item))
        }
    }

    impl<I: Iterator> ParallelIterator for I {}

    /// rayon's `par_extend`, which is `extend` in order.
    pub trait ParallelExtend<T> {
        fn par_extend<I: IntoIterator<Item = T>>(&mut self, items: I);
    }

    impl<T> ParallelExtend<T> for Vec<T> {
        fn par_extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
            self.extend(items);
        }
    }
}
