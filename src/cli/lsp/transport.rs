//! The protocol's framing: a `Content-Length` header, a blank line, a JSON body. Read here
//! rather than by `lsp_server::Connection`, whose reader thread ends the connection on the
//! first malformed message: a client's mistake must get an error response, never stop the
//! server.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};
use serde_json::{Value, json};

/// One framed message: `Ok(None)` at the end of input, `Ok(Some(Err(_)))` for a frame that
/// is read but unusable (no length, not UTF-8), an error when input fails.
pub fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut length = None;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let Some(length) = length else {
        return Ok(Some(Err("no valid Content-Length header".into())));
    };
    let mut body = Vec::new();
    input.take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(None);
    }
    Ok(Some(
        String::from_utf8(body).map_err(|_| "the message is not UTF-8".into()),
    ))
}

pub fn write_frame(out: &mut impl Write, body: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

/// An error response as JSON: `id` may be null, which `lsp_server`'s ids cannot be.
pub fn error_json(id: Value, code: ErrorCode, message: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code as i32, "message": message}})
        .to_string()
}

/// A message as it is sent.
pub fn encode(message: Message) -> String {
    let mut value = serde_json::to_value(message).unwrap_or(Value::Null);
    if let Some(object) = value.as_object_mut() {
        object.insert("jsonrpc".into(), "2.0".into());
    }
    value.to_string()
}
