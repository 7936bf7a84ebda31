//! A node's text: the pieces of lines it is made of (byte ranges of the
//! file), and those pieces joined into one text with a way back to file
//! offsets.

use crate::syntax::context::Range;
use std::borrow::Cow;

/// Pieces of text that make up one node, as byte ranges of the file.
#[derive(Default)]
/// Most nodes are one piece (a paragraph's text, an arm's body), kept inline.
pub(crate) struct Pieces(pub(crate) smallvec::SmallVec<[Range; 2]>);

impl Pieces {
    /// Add a line; one that follows the last piece with only a line break
    /// between extends it (a node of a million lines is one piece).
    pub(crate) fn push(&mut self, text: &str, r: Range) {
        if let Some(last) = self.0.last_mut()
            && last.1 <= r.0
            && text[last.1..r.0].bytes().all(|b| b == b'\n' || b == b'\r')
        {
            last.1 = r.1;
            return;
        }
        self.0.push(r);
    }
}

/// The text of some pieces, joined, with a way back to file offsets.
pub(crate) struct Joined<'a> {
    pub(crate) text: Cow<'a, str>,
    /// (offset in `text`, offset in the file), ascending: one pair, inline,
    /// for text in one piece (the usual case).
    pub(crate) map: smallvec::SmallVec<[(usize, usize); 1]>,
}

impl Joined<'_> {
    pub(crate) fn new<'a>(file_text: &'a str, pieces: &[Range]) -> Joined<'a> {
        let Some(first) = pieces.first() else {
            return Joined {
                text: Cow::Borrowed(""),
                map: smallvec::smallvec![(0, 0)],
            };
        };
        let last = pieces.last().expect("non-empty");
        let contiguous = pieces.windows(2).all(|w| {
            file_text[w[0].1..w[1].0]
                .chars()
                .all(|c| c == '\n' || c == '\r')
        });
        if contiguous {
            return Joined {
                text: Cow::Borrowed(&file_text[first.0..last.1]),
                map: smallvec::smallvec![(0, first.0)],
            };
        }
        let mut text = String::new();
        let mut map = smallvec::SmallVec::new();
        for p in pieces {
            if !text.is_empty() {
                text.push('\n');
            }
            map.push((text.len(), p.0));
            text.push_str(&file_text[p.0..p.1]);
        }
        Joined {
            text: Cow::Owned(text),
            map,
        }
    }

    pub(crate) fn to_file(&self, offset: usize) -> usize {
        let i = self
            .map
            .partition_point(|&(j, _)| j <= offset)
            .saturating_sub(1);
        let (j, f) = self.map[i];
        f + (offset - j)
    }
}
