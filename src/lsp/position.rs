//! Byte offsets and LSP positions: a line and a column counted in the
//! encoding the client and server agreed on (UTF-16 code units unless the
//! client offers UTF-8). A position past a line's end is the line's end; a
//! position inside a character is that character's start: what an editor
//! sends about an unsaved buffer is never a reason to fail.

use lsp_types::Position;

/// How columns are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

/// Where each line of a text starts.
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The position of a byte offset.
    pub fn position(&self, text: &str, offset: usize, enc: Encoding) -> Position {
        let offset = floor_char(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let col = match enc {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => text[start..offset].encode_utf16().count(),
        };
        Position::new(to_u32(line), to_u32(col))
    }

    /// The byte offset of a position.
    pub fn offset(&self, text: &str, pos: Position, enc: Encoding) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&e| e - 1);
        let line = &text[start..end.max(start)];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let want = pos.character as usize;
        match enc {
            Encoding::Utf8 => start + floor_char(line, want.min(line.len())),
            Encoding::Utf16 => {
                let mut units = 0;
                for (i, c) in line.char_indices() {
                    if units + c.len_utf16() > want {
                        return start + i;
                    }
                    units += c.len_utf16();
                }
                start + line.len()
            }
        }
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::{Encoding, LineIndex};
    use lsp_types::Position;

    #[test]
    fn utf16_counts_code_units_and_utf8_bytes() {
        let text = "-1-\r\né ñ 🐪\u{a0}x\n";
        let ix = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(ix.position(text, x, Encoding::Utf16), Position::new(1, 7));
        assert_eq!(ix.position(text, x, Encoding::Utf8), Position::new(1, 12));
        assert_eq!(ix.offset(text, Position::new(1, 7), Encoding::Utf16), x);
        assert_eq!(ix.offset(text, Position::new(1, 12), Encoding::Utf8), x);
    }

    #[test]
    fn positions_past_the_end_or_inside_a_character_are_clamped() {
        let text = "ab\n🐪\n";
        let ix = LineIndex::new(text);
        assert_eq!(ix.offset(text, Position::new(0, 99), Encoding::Utf16), 2);
        assert_eq!(
            ix.offset(text, Position::new(9, 0), Encoding::Utf16),
            text.len()
        );
        // Half a surrogate pair: the camel's start.
        assert_eq!(ix.offset(text, Position::new(1, 1), Encoding::Utf16), 3);
        assert_eq!(ix.offset(text, Position::new(1, 2), Encoding::Utf8), 3);
    }
}
