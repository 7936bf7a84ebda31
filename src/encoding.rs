//! Bytes into text: UTF-8, with a lenient fallback for the files that
//! word processors and CAT tools save in Windows-1252 (Latin-1 with curly
//! quotes), so one stray `é` is one finding and the file is still checked.

/// What a lenient decoding replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recoded {
    /// Where the first replaced byte stands in the decoded text.
    pub at: usize,
    /// The decoded character's length in bytes.
    pub len: usize,
    /// The first byte that was not UTF-8.
    pub byte: u8,
    /// How many bytes were not UTF-8.
    pub count: usize,
}

/// Windows-1252's characters for the bytes 0x80 to 0x9F (the rest of the
/// upper half is Latin-1, that is, the same code point).
const CP1252: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

fn cp1252(b: u8) -> char {
    match b {
        0x80..=0x9f => CP1252[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// UTF-8 runs as they are; each byte that is not part of one is read as
/// Windows-1252. Returns the text and, when anything was replaced, what.
pub fn decode(bytes: &[u8]) -> (String, Option<Recoded>) {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_owned(), None);
    }
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut first: Option<Recoded> = None;
    let mut count = 0;
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.push_str(std::str::from_utf8(&rest[..good]).expect("valid up to here"));
                let bad = e.error_len().unwrap_or(rest.len() - good);
                for &b in &rest[good..good + bad] {
                    let c = cp1252(b);
                    first.get_or_insert(Recoded {
                        at: out.len(),
                        len: c.len_utf8(),
                        byte: b,
                        count: 0,
                    });
                    out.push(c);
                    count += 1;
                }
                rest = &rest[good + bad..];
            }
        }
    }
    (out, first.map(|r| Recoded { count, ..r }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_read_as_it_is() {
        assert_eq!(
            decode("PIÉTÉ: [D1]".as_bytes()),
            ("PIÉTÉ: [D1]".to_owned(), None)
        );
    }

    #[test]
    fn a_latin1_byte_is_one_character_and_reported_once() {
        let (text, r) = decode(b"caf\xe9 and \xe9t\xe9 \x93quoted\x94");
        assert_eq!(text, "café and été “quoted”");
        let r = r.unwrap();
        assert_eq!((r.at, r.len, r.byte, r.count), (3, 2, 0xe9, 5));
    }

    #[test]
    fn utf8_around_a_stray_byte_is_kept() {
        let (text, r) = decode(
            "é \u{1F600} "
                .bytes()
                .chain([0xff])
                .chain("ñ".bytes())
                .collect::<Vec<_>>()
                .as_slice(),
        );
        assert_eq!(text, "é \u{1F600} ÿñ");
        assert_eq!(r.unwrap().count, 1);
    }

    #[test]
    fn a_truncated_sequence_at_the_end_is_read_byte_by_byte() {
        let (text, r) = decode(b"ab\xe2\x82");
        assert_eq!(text, "ab\u{e2}\u{201a}");
        assert_eq!(r.unwrap().count, 2);
    }
}
