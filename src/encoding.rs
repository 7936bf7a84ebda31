//! Bytes into text: UTF-8, with a lenient fallback for the files that
//! word processors and CAT tools save in Windows-1252 (Latin-1 with curly
//! quotes), so one stray `é` is one finding and the file is still checked;
//! and a file that starts with a UTF-16 byte order mark, read as UTF-16.

/// What a file that was not UTF-8 was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadAs {
    /// Its stray bytes, each as the Windows-1252 character.
    Windows1252,
    /// The whole file as UTF-16, little-endian (it starts `FF FE`).
    Utf16Le,
    /// The whole file as UTF-16, big-endian (it starts `FE FF`).
    Utf16Be,
}

/// What a lenient decoding replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recoded {
    /// What the file was read as.
    pub read_as: ReadAs,
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
                        read_as: ReadAs::Windows1252,
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

/// A file that starts with a UTF-16 byte order mark, read as UTF-16 (the
/// mark dropped; an unpaired surrogate or an odd last byte read as U+FFFD).
/// `None` when there is no such mark.
#[must_use]
pub fn decode_utf16(bytes: &[u8]) -> Option<(String, Recoded)> {
    let (read_as, unit): (ReadAs, fn([u8; 2]) -> u16) = match bytes {
        [0xFF, 0xFE, ..] => (ReadAs::Utf16Le, u16::from_le_bytes),
        [0xFE, 0xFF, ..] => (ReadAs::Utf16Be, u16::from_be_bytes),
        _ => return None,
    };
    let body = &bytes[2..];
    let units = body.chunks_exact(2).map(|p| unit([p[0], p[1]]));
    let mut text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if body.len() % 2 == 1 {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    let len = text.chars().next().map_or(0, char::len_utf8);
    let recoded = Recoded {
        read_as,
        at: 0,
        len,
        byte: bytes[0],
        count: body.len().div_ceil(2),
    };
    Some((text, recoded))
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

    fn utf16(le: bool, text: &str) -> Vec<u8> {
        let mut out = if le {
            vec![0xFF, 0xFE]
        } else {
            vec![0xFE, 0xFF]
        };
        for u in text.encode_utf16() {
            out.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
        }
        out
    }

    #[test]
    fn utf16_with_its_byte_order_mark_is_read_in_either_order() {
        let text = "-70-\nCafé \u{1F600} [S1]\n";
        let (le, r) = decode_utf16(&utf16(true, text)).unwrap();
        assert_eq!(
            (le.as_str(), r.read_as, r.at, r.len),
            (text, ReadAs::Utf16Le, 0, 1)
        );
        let (be, r) = decode_utf16(&utf16(false, text)).unwrap();
        assert_eq!((be.as_str(), r.read_as), (text, ReadAs::Utf16Be));
    }

    #[test]
    fn utf16_without_a_mark_is_not_guessed_and_damage_is_a_replacement() {
        assert_eq!(decode_utf16(b"a\0b\0"), None);
        assert_eq!(decode_utf16("é".as_bytes()), None);
        // An unpaired surrogate, then an odd last byte.
        let (text, _) = decode_utf16(&[0xFF, 0xFE, 0x00, 0xD8, b'a', 0, b'b']).unwrap();
        assert_eq!(text, "\u{FFFD}a\u{FFFD}");
    }
}
