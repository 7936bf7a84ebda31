//! Data parallelism: rayon with the `parallel` feature, the same calls on
//! one thread without it (the WebAssembly build has no threads).
//!
//! Code writes `use crate::par::prelude::*` and `par::join`; without rayon,
//! `par_iter`, `into_par_iter` and `par_chunks` are the plain iterators
//! wrapped in [`Seq`], which has the few rayon methods the crate uses
//! (`fold` and `reduce` take an identity closure, as rayon's do).

#[cfg(feature = "parallel")]
pub use rayon::{current_num_threads, join, prelude};

/// Both closures, one after the other.
#[cfg(not(feature = "parallel"))]
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA,
    B: FnOnce() -> RB,
{
    let ra = a();
    (ra, b())
}

/// One thread.
#[cfg(not(feature = "parallel"))]
pub fn current_num_threads() -> usize {
    1
}

#[cfg(not(feature = "parallel"))]
pub mod prelude {
    pub use super::seq::{IntoParallelIterator, IntoParallelRefIterator, ParallelSlice};
}

#[cfg(not(feature = "parallel"))]
mod seq {
    /// An iterator run on the current thread, with rayon's method shapes.
    pub struct Seq<I>(I);

    impl<I: Iterator> Seq<I> {
        pub fn map<B, F: FnMut(I::Item) -> B>(self, f: F) -> Seq<std::iter::Map<I, F>> {
            Seq(self.0.map(f))
        }

        pub fn enumerate(self) -> Seq<std::iter::Enumerate<I>> {
            Seq(self.0.enumerate())
        }

        pub fn collect<C: FromIterator<I::Item>>(self) -> C {
            self.0.collect()
        }

        /// rayon's `fold`: one accumulator (rayon makes one a job).
        pub fn fold<T, ID, F>(self, identity: ID, f: F) -> Seq<std::iter::Once<T>>
        where
            ID: Fn() -> T,
            F: FnMut(T, I::Item) -> T,
        {
            Seq(std::iter::once(self.0.fold(identity(), f)))
        }

        /// rayon's `reduce`: the identity when there is nothing.
        pub fn reduce<ID, F>(self, identity: ID, f: F) -> I::Item
        where
            ID: Fn() -> I::Item,
            F: FnMut(I::Item, I::Item) -> I::Item,
        {
            self.0.reduce(f).unwrap_or_else(identity)
        }
    }

    pub trait IntoParallelIterator: IntoIterator + Sized {
        fn into_par_iter(self) -> Seq<Self::IntoIter> {
            Seq(self.into_iter())
        }
    }

    impl<T: IntoIterator> IntoParallelIterator for T {}

    pub trait IntoParallelRefIterator<T> {
        fn par_iter(&self) -> Seq<std::slice::Iter<'_, T>>;
    }

    impl<T> IntoParallelRefIterator<T> for [T] {
        fn par_iter(&self) -> Seq<std::slice::Iter<'_, T>> {
            Seq(self.iter())
        }
    }

    pub trait ParallelSlice<T> {
        fn par_chunks(&self, size: usize) -> Seq<std::slice::Chunks<'_, T>>;
    }

    impl<T> ParallelSlice<T> for [T] {
        fn par_chunks(&self, size: usize) -> Seq<std::slice::Chunks<'_, T>> {
            Seq(self.chunks(size))
        }
    }
}
