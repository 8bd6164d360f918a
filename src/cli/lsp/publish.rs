//! The `publishDiagnostics` notification of a document, written straight as JSON by the one
//! emitter of diagnostics ([`jaque::json::diagnostic::lsp`]): a large file's tens of
//! thousands of diagnostics cost more to build as `lsp_types` values and serialise than to
//! check.

use std::io::Write;

use jaque::ide;
use lsp_types::Uri;

/// The notification for `document`'s diagnostics (none: a closed document's are cleared).
pub fn notification(uri: &Uri, version: Option<i32>, document: Option<&ide::Document>) -> String {
    notification_of(uri, version, |out, uri| match document {
        Some(document) => jaque::json::diagnostic::lsp(out, document, uri),
        None => out.extend_from_slice(b"[]"),
    })
}

/// The notification of the diagnostics `write` writes (an array, given the URI as JSON).
pub fn notification_of(
    uri: &Uri,
    version: Option<i32>,
    write: impl FnOnce(&mut Vec<u8>, &[u8]),
) -> String {
    let mut out = Vec::with_capacity(256);
    out.extend_from_slice(br#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","#);
    out.extend_from_slice(br#""params":{"uri":"#);
    let uri = serde_json::to_string(uri).unwrap_or_else(|_| "null".into());
    out.extend_from_slice(uri.as_bytes());
    out.extend_from_slice(br#","diagnostics":"#);
    write(&mut out, uri.as_bytes());
    if let Some(version) = version {
        let _ = write!(out, r#","version":{version}"#);
    }
    out.extend_from_slice(b"}}");
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}
