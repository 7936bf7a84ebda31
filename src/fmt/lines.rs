//! The spacing between and around the lines of a `.tales` file: no
//! trailing spaces, comments at the line's start, one blank line before a
//! paragraph (and before the comments right above its header, which belong
//! to it), none after a header, no runs of blank lines, one final newline.
//! A CRLF file stays CRLF.

/// `text` with its lines tidied; the line ending is the file's first.
pub fn tidy(text: &str) -> String {
    let eol = match text.find('\n') {
        Some(i) if text[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    };
    let mut out: Vec<&str> = Vec::with_capacity(text.len() / 40);
    for raw in text.split('\n') {
        let line = raw.trim_end_matches([' ', '\t', '\r']);
        if line.is_empty() {
            // No blank at the start, none twice, none right after a header.
            if out.last().is_some_and(|l| !l.is_empty() && !is_header(l)) {
                out.push("");
            }
            continue;
        }
        let trimmed = line.trim_start_matches([' ', '\t']);
        if is_header(line) {
            blank_before_header(&mut out);
            out.push(line);
        } else if trimmed.starts_with('#') {
            out.push(trimmed);
        } else {
            out.push(line);
        }
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    let mut s = String::with_capacity(text.len() + 16);
    for l in &out {
        s.push_str(l);
        s.push_str(eol);
    }
    s
}

/// Whether [`tidy`] would leave the text as it is, found without making
/// the tidy copy (most files of a formatted book).
pub fn is_tidy(text: &str) -> bool {
    let crlf = text.find('\n').is_some_and(|i| text[..i].ends_with('\r'));
    let Some(body) = text.strip_suffix('\n') else {
        return false;
    };
    let mut prev: Option<&str> = None;
    // Whether the comments right above this line start the file or follow
    // a blank line (so a header under them is spaced as `tidy` spaces it).
    let mut comments_spaced = true;
    for raw in body.split('\n') {
        let line = if crlf {
            raw.strip_suffix('\r')
        } else {
            Some(raw)
        };
        let Some(line) = line else { return false };
        let comment = line.trim_start_matches([' ', '\t']).starts_with('#');
        if line.ends_with([' ', '\t', '\r']) || (comment && !line.starts_with('#')) {
            return false;
        }
        let blank = line.is_empty();
        if blank && (prev.is_none_or(|p| p.is_empty() || is_header(p))) {
            return false;
        }
        if comment && !prev.is_some_and(|p| p.starts_with('#')) {
            comments_spaced = prev.is_none_or(str::is_empty);
        }
        let spaced = match prev {
            None => true,
            Some(p) if p.starts_with('#') => comments_spaced,
            Some(p) => p.is_empty(),
        };
        if is_header(line) && !spaced {
            return false;
        }
        prev = Some(line);
    }
    !prev.is_some_and(str::is_empty)
}

/// One blank line above the header and the comments right above it,
/// unless they start the file.
fn blank_before_header(out: &mut Vec<&str>) {
    let mut k = out.len();
    while k > 0 && out[k - 1].starts_with('#') {
        k -= 1;
    }
    if k > 0 && !out[k - 1].is_empty() {
        out.insert(k, "");
    }
}

/// `-N-` at the start of a line, as the grammar reads a header.
pub fn is_header(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('-') else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && rest[digits..].starts_with('-')
}

#[cfg(test)]
mod tests {
    use super::tidy;

    /// `is_tidy` says yes exactly when `tidy` changes nothing.
    #[test]
    fn is_tidy_agrees_with_tidy() {
        let cases = [
            "# top\n\n-1-\nA.\n\n-2-\nB.\n",
            "# top\n-1-\nA.\n",
            "-1-\nA.\n# note\n-2-\nB.\n",
            "-1-\nA.\n\n# note\n-2-\nB.\n",
            "-1-\n\nA.\n",
            "-1-\nA. \n",
            "-1-\nA.\n\n",
            "-1-\nA.",
            "-1-\r\nA.\r\n\r\n-2-\r\nB.\r\n",
            "-1-\r\nA.\n",
            "-1-\n  # indented\n",
            "\n-1-\n",
            "-1-\nA.\n\nB.\n-2-\n",
            "-1-\n   prose keeps its indent\n",
        ];
        for c in cases {
            assert_eq!(super::is_tidy(c), tidy(c) == c, "{c:?}");
        }
    }

    #[test]
    fn blank_lines_fall_between_paragraphs_only() {
        let text = "\n\n# top\n\n-1-  \nA.\t\n\n\n-2-\n\nB.\n# tales: allow(x)\n-3-\nC.\n\n\n";
        assert_eq!(
            tidy(text),
            "# top\n\n-1-\nA.\n\n-2-\nB.\n\n# tales: allow(x)\n-3-\nC.\n"
        );
    }

    #[test]
    fn crlf_stays_crlf_and_a_final_newline_is_added() {
        assert_eq!(
            tidy("-1-\r\nA. \r\n-2-\r\nB."),
            "-1-\r\nA.\r\n\r\n-2-\r\nB.\r\n"
        );
    }

    #[test]
    fn prose_keeps_its_indent_and_comments_lose_theirs() {
        assert_eq!(
            tidy("-1-\n   indented\n   # note\n"),
            "-1-\n   indented\n# note\n"
        );
    }
}
