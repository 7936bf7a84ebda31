//! The protocol's framing on standard input, read here rather than by
//! `lsp-server` (which allocates whatever `Content-Length` says): a message
//! is at most [`MAX_MESSAGE`] bytes, a header line at most
//! [`MAX_HEADER_LINE`]. A frame that breaks these (or has no length, or one
//! that is no number) leaves the stream out of step: the server answers a
//! JSON-RPC error (`id: null`, code -32600), shows the reason in the
//! editor (`window/showMessage`), and stops, exit 2 with the reason on
//! standard error. A body that is no JSON-RPC message (its frame intact) is
//! answered with a parse error (-32700) and the server reads on.

use lsp_server::Message;
use std::io::{BufRead, Read};

/// The largest message read: 64 MiB. A whole book rides in no message
/// (documents are sent one file at a time), and the largest `.tales` file
/// `tales check` reads is smaller.
pub const MAX_MESSAGE: u64 = 64 << 20;
/// The longest header line read, in bytes.
pub const MAX_HEADER_LINE: u64 = 1024;

/// One frame of the input.
pub enum Frame {
    Message(Message),
    /// A body that is no JSON-RPC message: answered, and reading goes on.
    Garbled(String),
    /// The input ended between messages.
    End,
    /// The framing broke: the reason; nothing more can be read.
    Broken(String),
}

/// Read the next frame.
pub fn read(r: &mut impl BufRead) -> Frame {
    let mut length: Option<u64> = None;
    let mut first = true;
    loop {
        let mut line = Vec::new();
        let n = match r
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)
        {
            Ok(n) => n,
            Err(e) => return Frame::Broken(format!("cannot read standard input: {e}")),
        };
        if n == 0 && first {
            return Frame::End;
        }
        first = false;
        if !line.ends_with(b"\n") {
            return Frame::Broken(if n as u64 == MAX_HEADER_LINE {
                format!("a header line longer than {MAX_HEADER_LINE} bytes")
            } else {
                "the input ended inside a message's header".to_owned()
            });
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.is_empty() {
            break;
        }
        let Some((name, value)) = text.split_once(':') else {
            return Frame::Broken(format!("`{text}` is no header line"));
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            match value.parse::<u64>() {
                Ok(v) => length = Some(v),
                Err(_) => {
                    return Frame::Broken(format!("`Content-Length: {value}` is no length"));
                }
            }
        }
    }
    let Some(length) = length else {
        return Frame::Broken("a message without `Content-Length`".to_owned());
    };
    if length > MAX_MESSAGE {
        return Frame::Broken(format!(
            "a message of {length} bytes: the most `tales lsp` reads is {MAX_MESSAGE} (64 MiB)"
        ));
    }
    // Read as the bytes arrive, never more than the length said.
    let mut body = Vec::new();
    if let Err(e) = r.by_ref().take(length).read_to_end(&mut body) {
        return Frame::Broken(format!("cannot read standard input: {e}"));
    }
    if (body.len() as u64) < length {
        return Frame::Broken("the input ended inside a message".to_owned());
    }
    match serde_json::from_slice::<Message>(&body) {
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Garbled(format!("a message that is no JSON-RPC message: {e}")),
    }
}

/// The JSON-RPC error for a message that could not be read (`code`:
/// -32600 invalid request, -32700 parse error), with `id: null` as the
/// specification says when the request's id is not known.
pub fn error(code: i32, reason: &str) -> serde_json::Value {
    serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": reason}})
}

/// The reason shown in the editor, as an error message.
pub fn show(reason: &str) -> serde_json::Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "method": "window/showMessage",
        "params": {"type": 1, "message": format!("tales lsp: {reason}")},
    })
}

/// Write one message, framed, as one write of standard output.
pub fn write(out: &std::sync::Mutex<std::io::Stdout>, message: &Message) -> std::io::Result<()> {
    let mut buf = Vec::new();
    message.write(&mut buf)?;
    write_bytes(out, &buf)
}

/// Write a JSON value as one framed message.
pub fn write_value(
    out: &std::sync::Mutex<std::io::Stdout>,
    v: &serde_json::Value,
) -> std::io::Result<()> {
    let body = v.to_string();
    write_bytes(
        out,
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes(),
    )
}

fn write_bytes(out: &std::sync::Mutex<std::io::Stdout>, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let out = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut out = out.lock();
    out.write_all(bytes)?;
    out.flush()
}
