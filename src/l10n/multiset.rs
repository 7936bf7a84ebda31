//! Two lists equal as multisets under a comparison that is not plain
//! equality (rows by position, names by the translation's glossary, a
//! reference that leads nowhere in the translation equal to any): an award's
//! items, a block's references, a choice's names.
//!
//! Printed lists are short and are paired item by item. A long one (a
//! hostile paragraph of 80,000 references) is paired through keys: each
//! item of the translation is filed under its key, and each of the source's
//! is looked for among those of its own key, so lists in any order pair in
//! linear time (80,000 distinct references in opposite orders took 12.6 s
//! when each was searched for in the whole list).

use crate::ir::{Book, Effect, Target};
use std::collections::HashMap;
use std::hash::Hash;

/// Lists up to this long are paired item by item, without allocating.
const SHORT: usize = 64;

/// Keys for pairing long lists: `eq(x, y)` must imply `source(x) ==
/// translation(y)` whenever both are `Some`; `None` is an item that may
/// equal any (it is compared with every item of the other list).
pub(super) struct Keys<S, T> {
    pub(super) source: S,
    pub(super) translation: T,
}

/// Equal as multisets under `eq`, each item of `a` paired with the first
/// item of `b` not yet paired that it equals.
pub(super) fn multiset_eq<X, K, S, T>(
    a: &[X],
    b: &[X],
    keys: &Keys<S, T>,
    eq: impl Fn(&X, &X) -> bool,
) -> bool
where
    K: Hash + Eq,
    S: Fn(&X) -> Option<K>,
    T: Fn(&X) -> Option<K>,
{
    if a.len() != b.len() {
        return false;
    }
    if a.len() > SHORT {
        return long_eq(a, b, keys, eq);
    }
    let mut used = 0u64;
    a.iter().all(
        |x| match (0..b.len()).find(|&j| used & (1 << j) == 0 && eq(x, &b[j])) {
            Some(j) => {
                used |= 1 << j;
                true
            }
            None => false,
        },
    )
}

/// The indexes of one key's items (or of the items without a key), and
/// where its first one not yet paired may be.
#[derive(Default)]
struct Bucket {
    items: Vec<usize>,
    first: usize,
}

impl Bucket {
    /// Pairs `x` with the first item of the bucket not yet paired that
    /// it equals. The items before `first` are all paired, so lists in
    /// the same order pair in one pass.
    fn take<X>(&mut self, b: &[X], used: &mut [bool], eq: impl Fn(&X) -> bool) -> bool {
        while self.items.get(self.first).is_some_and(|&j| used[j]) {
            self.first += 1;
        }
        let found = self.items[self.first.min(self.items.len())..]
            .iter()
            .copied()
            .find(|&j| !used[j] && eq(&b[j]));
        found.is_some_and(|j| {
            used[j] = true;
            true
        })
    }
}

fn long_eq<X, K, S, T>(a: &[X], b: &[X], keys: &Keys<S, T>, eq: impl Fn(&X, &X) -> bool) -> bool
where
    K: Hash + Eq,
    S: Fn(&X) -> Option<K>,
    T: Fn(&X) -> Option<K>,
{
    let mut by_key: HashMap<K, Bucket> = HashMap::new();
    let mut any = Bucket::default();
    for (j, y) in b.iter().enumerate() {
        match (keys.translation)(y) {
            Some(k) => by_key.entry(k).or_default().items.push(j),
            None => any.items.push(j),
        }
    }
    let mut every = Bucket {
        items: (0..b.len()).collect(),
        first: 0,
    };
    let mut used = vec![false; b.len()];
    a.iter().all(|x| {
        let same = |y: &X| eq(x, y);
        match (keys.source)(x) {
            Some(k) => {
                by_key
                    .get_mut(&k)
                    .is_some_and(|bucket| bucket.take(b, &mut used, same))
                    || any.take(b, &mut used, same)
            }
            None => every.take(b, &mut used, same),
        }
    })
}

/// The key of a reference's target: a paragraph by number, a matrix or a
/// place by name, a row by its position in `book`'s matrix. A row the
/// translation lacks has none: it equals any row (its
/// `dangling-reference` is the finding); a row the source lacks is only
/// ever equal to such a row.
pub(super) fn target_key(book: &Book, t: &Target, translation: bool) -> Option<super::Norm> {
    use super::Norm;
    Some(match t {
        Target::Paragraph(n) => Norm::Paragraph(*n),
        Target::Matrix(m) => Norm::Matrix(m.clone()),
        Target::Place(p) => Norm::Place(p.clone()),
        Target::Row { matrix, row } => match book.matrix(matrix).and_then(|m| m.row(row)) {
            Some((i, _)) => Norm::Row(matrix.clone(), i),
            None if translation => return None,
            None => Norm::Unresolved(t.to_string()),
        },
    })
}

/// An id's key: its name in the translation's glossary (two ids it gives
/// one name are one), or the id when it has no entry.
pub(super) fn id_key(tb: &Book, id: &str) -> String {
    match tb.glossary.by_id(id) {
        Some(e) => format!("={}", crate::ir::glossary_normalize(&e.name.value)),
        None => format!("#{id}"),
    }
}

/// What an effect's key tells: its kind, and what `effect_eq` compares
/// exactly (numbers, levels, a condition), or the name of what it gains or
/// loses.
#[derive(PartialEq, Eq, Hash)]
pub(super) enum EffectKey {
    Exact(u64),
    Named(bool, String),
    Kind(std::mem::Discriminant<Effect>),
    Typed(std::mem::Discriminant<crate::ir::Typed>),
}

/// The key of an award item, for [`effect_eq`](super::effect_eq).
pub(super) fn effect_key(tb: &Book, e: &Effect) -> EffectKey {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    match e {
        Effect::Gain { id, .. } => EffectKey::Named(true, id_key(tb, id)),
        Effect::Lose(id) => EffectKey::Named(false, id_key(tb, id)),
        // Compared by the shape of what they hold.
        Effect::Typed(t) => EffectKey::Typed(std::mem::discriminant(&**t)),
        Effect::FreeText(_) | Effect::Master(_) | Effect::Choice(_) | Effect::Goto(_) => {
            EffectKey::Kind(std::mem::discriminant(e))
        }
        _ => EffectKey::Exact(BuildHasherDefault::<DefaultHasher>::default().hash_one(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_pair_in_any_order_and_by_eq_within_a_key() {
        let a: Vec<u32> = (0..1000).collect();
        let mut b = a.clone();
        b.reverse();
        let keys = || Keys {
            source: |x: &u32| Some(*x / 10),
            translation: |y: &u32| Some(*y / 10),
        };
        assert!(multiset_eq(&a, &b, &keys(), |x, y| x == y));
        b[0] = 5000;
        assert!(!multiset_eq(&a, &b, &keys(), |x, y| x == y));
        // An item without a key (a row the translation lacks) is tried for
        // any item its key's own items do not pair.
        let wild = Keys {
            source: |x: &u32| Some(*x),
            translation: |y: &u32| (*y != 5000).then_some(*y),
        };
        assert!(multiset_eq(&a, &b, &wild, |x, y| x == y || *y == 5000));
    }

    #[test]
    fn short_and_long_lists_agree() {
        for n in [3usize, 64, 65, 200] {
            let a: Vec<u32> = (0..n as u32).map(|i| i % 7).collect();
            let mut b = a.clone();
            b.rotate_left(n / 3);
            let keys = || Keys {
                source: |x: &u32| Some(*x),
                translation: |y: &u32| Some(*y),
            };
            assert!(multiset_eq(&a, &b, &keys(), |x, y| x == y), "{n}");
            b[n - 1] = 99;
            assert!(!multiset_eq(&a, &b, &keys(), |x, y| x == y), "{n}");
        }
    }
}
