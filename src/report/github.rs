//! `--format github`: GitHub Actions workflow commands.

use super::{Checked, display_path, position_with};
use std::io::{self, Write};

pub(super) fn write(checked: &[Checked], out: &mut dyn Write) -> io::Result<()> {
    for c in checked {
        let mut columns = super::Columns::default();
        for d in &c.diagnostics {
            let p = position_with(&c.book, d.primary.span, &mut columns);
            let mut message = d.message.clone();
            if let Some(h) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(h);
            }
            writeln!(
                out,
                "::{} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                d.severity.as_str(),
                escape_property(&display_path(c, &p.file)),
                p.line,
                p.column,
                p.end_line,
                p.end_column,
                escape_property(d.code),
                escape_data(&message),
            )?;
        }
    }
    for c in checked {
        if let Some(line) = c.held_back.line() {
            writeln!(out, "::notice title=tales::{}", escape_data(&line))?;
        }
    }
    Ok(())
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}
