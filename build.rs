//! The built-in locales (`content/locales/*.yaml`) written again as JSON at
//! build time, into `OUT_DIR`: a check reads its locale once a process, and
//! `serde_json` reads it in a fraction of the instructions a YAML reading
//! takes (docs/speed.md, "The once-made costs"). The YAML files stay the
//! source. Every scalar is written as a JSON string, as a locale's fields
//! are all words (`and: y` is the word `y`, not YAML 1.1's `true`);
//! `locale::tests::built_in_json_reads_as_its_yaml` holds the two readings
//! equal.

use granit_parser::{Event, Parser};
use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for id in ["en", "es", "fr"] {
        let path = format!("content/locales/{id}.yaml");
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut parser = Parser::new_from_str(&text);
        let mut json = String::with_capacity(text.len());
        let mut next = || match parser.next() {
            Some(Ok((event, _))) => event,
            Some(Err(e)) => panic!("{path}: {e}"),
            None => panic!("{path}: the YAML ends early"),
        };
        assert!(matches!(next(), Event::StreamStart), "{path}");
        assert!(matches!(next(), Event::DocumentStart(..)), "{path}");
        let root = next();
        write_node(root, &mut next, &mut json, &path);
        std::fs::write(out.join(format!("{id}.json")), json).expect("OUT_DIR is writable");
    }
}

/// The node `event` starts, as JSON, its scalars as strings.
fn write_node<'t>(
    event: Event<'t>,
    next: &mut impl FnMut() -> Event<'t>,
    out: &mut String,
    path: &str,
) {
    let (open, close) = match event {
        Event::Scalar(text, _, 0, None) => {
            out.push_str(&serde_json::to_string(text.as_ref()).expect("a string is JSON"));
            return;
        }
        Event::SequenceStart(_, 0, None) => ('[', ']'),
        Event::MappingStart(_, 0, None) => ('{', '}'),
        other => panic!("{path}: the built-in locales use no {other:?}"),
    };
    out.push(open);
    let mut first = true;
    loop {
        let event = next();
        if matches!(event, Event::SequenceEnd | Event::MappingEnd) {
            break;
        }
        if !first {
            out.push(',');
        }
        first = false;
        write_node(event, next, out, path);
        if open == '{' {
            out.push(':');
            let value = next();
            write_node(value, next, out, path);
        }
    }
    out.push(close);
}
