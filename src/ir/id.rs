//! Glossary ids (`wounded`, `courtly-graces`), interned.
//!
//! An id is copied wherever a character gains, holds or loses something, in
//! every encounter of every thread of `tales sim`. As `Arc<str>` each copy
//! touched a reference count shared by all threads (two threads scaled
//! 1.7×, not 2×); as a string each copy allocated. Interned, an id is a
//! `&'static str`: copying it costs nothing and shares nothing. The text of
//! each distinct id is kept once for the life of the process (the language
//! server, which reads a book many times, keeps each id written once).

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// A glossary id. Equal ids are one interned text, so equality is a
/// pointer comparison; ordered and hashed by its text (as `str` is, so a
/// map keyed by ids is searched by `&str` too).
#[derive(Clone, Copy)]
pub struct Id(&'static str);

impl PartialEq for Id {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Id {}

impl std::hash::Hash for Id {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialOrd for Id {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Id {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self == other {
            std::cmp::Ordering::Equal
        } else {
            self.0.cmp(other.0)
        }
    }
}

impl Id {
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

fn intern(text: &str) -> &'static str {
    static TABLE: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut table = TABLE
        .get_or_init(|| Mutex::new(HashSet::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&known) = table.get(text) {
        return known;
    }
    let kept: &'static str = Box::leak(text.to_owned().into_boxed_str());
    table.insert(kept);
    kept
}

impl From<&str> for Id {
    fn from(text: &str) -> Self {
        Id(intern(text))
    }
}

impl From<String> for Id {
    fn from(text: String) -> Self {
        Id(intern(&text))
    }
}

impl From<&Id> for Id {
    fn from(id: &Id) -> Self {
        *id
    }
}

impl From<&&Id> for Id {
    fn from(id: &&Id) -> Self {
        **id
    }
}

impl std::ops::Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl std::borrow::Borrow<str> for Id {
    fn borrow(&self) -> &str {
        self.0
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl std::fmt::Debug for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0, f)
    }
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_one_id() {
        let a = Id::from("wounded");
        let b = Id::from(String::from("wounded"));
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.as_str(), b.as_str()));
        assert_eq!(&*a, "wounded");
        assert_ne!(a, Id::from("blessed"));
    }
}
