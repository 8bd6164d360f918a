//! `jaque lsp`: a Language Server Protocol server on standard input and output, so an
//! editor shows what `jaque check` finds while a PGN file is typed, offers its fixes, and
//! answers hover, completion, go to definition, formatting, symbols and folding from the
//! games it checked.
//!
//! The messages are read here rather than by `lsp_server::Connection`, whose reader thread
//! ends the connection on the first malformed message: a client's mistake must get an error
//! response, never stop the server. `lsp_server` still gives the message types, `lsp_types`
//! the protocol's.
//!
//! One thread does it all, and a request waits behind the check before it. That is fine
//! because only opening a document (or a change that sends its whole text) checks all of it:
//! a ranged change checks again the games it touches and converts only their diagnostics
//! (`Document::edit`), and checking a game takes microseconds. A file of tens of megabytes
//! makes its open slow, once, and its keystrokes not; answering from checked games on
//! another thread meanwhile would need the document shared, for that one wait.

mod convert;
mod document;
mod features;
mod publish;
mod tags;

use std::collections::HashMap;
use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, FoldingRangeProviderCapability,
    HoverProviderCapability, InitializeResult, OneOf, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri,
};
use serde_json::{Value, json};

use super::Outcome;
use document::Document;

#[derive(clap::Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted because editors
    /// pass it).
    #[arg(long)]
    stdio: bool,
}

/// A request's failure: a JSON-RPC error code and message.
type Failure = (i32, String);

/// The server's state between messages.
#[derive(Default)]
struct Server {
    initialized: bool,
    shutdown: bool,
    /// `exit` came: the loop ends.
    exit: bool,
    documents: HashMap<Uri, Document>,
}

/// Serves until `exit` or the end of input: exit 0 after a `shutdown`, 1 without one (as
/// the protocol asks).
pub fn run(_args: LspArgs) -> Outcome {
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut server = Server::default();
    // The end of input, or input failing, ends the server as `exit` would.
    while let Ok(Some(frame)) = read_frame(&mut input) {
        let replies = match frame {
            Ok(body) => server.message(&body),
            Err(why) => vec![error_json(Value::Null, ErrorCode::ParseError, &why)],
        };
        for reply in replies {
            if write_frame(&mut out, &reply).is_err() {
                return Outcome::Failed;
            }
        }
        if server.exit {
            break;
        }
    }
    if server.shutdown {
        Outcome::Clean
    } else {
        Outcome::Errors
    }
}

/// One framed message: `Ok(None)` at the end of input, `Ok(Some(Err(_)))` for a frame that
/// is read but unusable (no length, not UTF-8), an error when input fails.
fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
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

fn write_frame(out: &mut impl Write, body: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

/// An error response as JSON: `id` may be null, which `lsp_server`'s ids cannot be.
fn error_json(id: Value, code: ErrorCode, message: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code as i32, "message": message}})
        .to_string()
}

/// A message as it is sent.
fn encode(message: Message) -> String {
    let mut value = serde_json::to_value(message).unwrap_or(Value::Null);
    if let Some(object) = value.as_object_mut() {
        object.insert("jsonrpc".into(), "2.0".into());
    }
    value.to_string()
}

impl Server {
    /// Answers one message's text: the responses and notifications to send.
    fn message(&mut self, body: &str) -> Vec<String> {
        let value: Value = match serde_json::from_str(body) {
            Ok(value) => value,
            Err(e) => {
                return vec![error_json(
                    Value::Null,
                    ErrorCode::ParseError,
                    &e.to_string(),
                )];
            }
        };
        let id = value.get("id").cloned().unwrap_or(Value::Null);
        match serde_json::from_value::<Message>(value) {
            Ok(Message::Request(request)) => vec![encode(self.request(request).into())],
            Ok(Message::Notification(notification)) => self.notification(notification),
            Ok(Message::Response(_)) => Vec::new(),
            Err(e) => vec![error_json(id, ErrorCode::InvalidRequest, &e.to_string())],
        }
    }

    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let result = if request.method == "initialize" {
            self.initialized = true;
            Ok(capabilities())
        } else if !self.initialized {
            Err((
                ErrorCode::ServerNotInitialized as i32,
                "not initialized".into(),
            ))
        } else if self.shutdown {
            Err((
                ErrorCode::InvalidRequest as i32,
                "the server is shut down".into(),
            ))
        } else if request.method == "shutdown" {
            self.shutdown = true;
            Ok(Value::Null)
        } else {
            self.answer(&request.method, request.params)
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code, message),
        }
    }

    /// The answer to a request about a document.
    fn answer(&self, method: &str, params: Value) -> Result<Value, Failure> {
        use lsp_types::*;
        let value = match method {
            "textDocument/hover" => {
                let p: HoverParams = parse(params)?;
                let at = &p.text_document_position_params;
                to_json(features::hover(
                    self.document(&at.text_document.uri)?,
                    at.position,
                ))
            }
            "textDocument/completion" => {
                let p: CompletionParams = parse(params)?;
                let at = &p.text_document_position;
                let items =
                    features::completion(self.document(&at.text_document.uri)?, at.position);
                to_json(CompletionResponse::Array(items))
            }
            "textDocument/codeAction" => {
                let p: CodeActionParams = parse(params)?;
                let document = self.document(&p.text_document.uri)?;
                let only = p.context.only.as_deref();
                to_json(features::code_actions(document, p.range, only))
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = parse(params)?;
                let at = &p.text_document_position_params;
                let location =
                    features::definition(self.document(&at.text_document.uri)?, at.position);
                to_json(location.map(GotoDefinitionResponse::Scalar))
            }
            "textDocument/formatting" => {
                let p: DocumentFormattingParams = parse(params)?;
                to_json(features::formatting(self.document(&p.text_document.uri)?))
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = parse(params)?;
                let symbols = features::symbols(self.document(&p.text_document.uri)?);
                to_json(DocumentSymbolResponse::Nested(symbols))
            }
            "textDocument/foldingRange" => {
                let p: FoldingRangeParams = parse(params)?;
                to_json(features::folding(self.document(&p.text_document.uri)?))
            }
            _ => {
                let why = format!("unknown method {method}");
                return Err((ErrorCode::MethodNotFound as i32, why));
            }
        };
        Ok(value)
    }

    fn document(&self, uri: &Uri) -> Result<&Document, Failure> {
        self.documents.get(uri).ok_or_else(|| {
            let why = format!("unknown document {}", uri.as_str());
            (ErrorCode::InvalidParams as i32, why)
        })
    }

    /// Acts on a notification; the diagnostics of a document opened or changed.
    fn notification(&mut self, notification: Notification) -> Vec<String> {
        use lsp_types::*;
        let params = notification.params;
        // A notification has no response: one that cannot be read is dropped.
        let uri = match notification.method.as_str() {
            "exit" => {
                self.exit = true;
                return Vec::new();
            }
            "textDocument/didOpen" => {
                let Ok(p) = parse::<DidOpenTextDocumentParams>(params) else {
                    return Vec::new();
                };
                let doc = p.text_document;
                if doc.language_id != "pgn" && !doc.uri.as_str().ends_with(".pgn") {
                    return Vec::new();
                }
                let document = Document::new(doc.uri.clone(), doc.version, doc.text);
                self.documents.insert(doc.uri.clone(), document);
                doc.uri
            }
            "textDocument/didChange" => {
                let Ok(p) = parse::<DidChangeTextDocumentParams>(params) else {
                    return Vec::new();
                };
                let Some(document) = self.documents.get_mut(&p.text_document.uri) else {
                    return Vec::new();
                };
                apply_changes(document, p.content_changes);
                document.version = p.text_document.version;
                p.text_document.uri
            }
            "textDocument/didClose" => {
                let Ok(p) = parse::<DidCloseTextDocumentParams>(params) else {
                    return Vec::new();
                };
                self.documents.remove(&p.text_document.uri);
                let uri = p.text_document.uri;
                return vec![publish::notification(&uri, None, std::iter::empty())];
            }
            _ => return Vec::new(),
        };
        match self.documents.get(&uri) {
            Some(document) => vec![published(document)],
            None => Vec::new(),
        }
    }
}

/// Applies a `didChange`'s changes in order: one without a range is the whole text, one
/// with a range (what the server asks for) is an edit, clamped to the text.
fn apply_changes(document: &mut Document, changes: Vec<lsp_types::TextDocumentContentChangeEvent>) {
    for change in changes {
        match change.range {
            None => document.replace(change.text),
            Some(range) => {
                let (start, end) = (document.offset(range.start), document.offset(range.end));
                document.edit(start.min(end)..start.max(end), &change.text);
            }
        }
    }
}

/// The document's diagnostics, each game's moved to where it is.
fn published(document: &Document) -> String {
    let games = (document.starts()).map(|(game, at)| (&game.checked.published, at.line, at.column));
    publish::notification(&document.uri, Some(document.version), games)
}

fn parse<P: serde::de::DeserializeOwned>(params: Value) -> Result<P, Failure> {
    serde_json::from_value(params).map_err(|e| (ErrorCode::InvalidParams as i32, e.to_string()))
}

fn to_json(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// What the server can do; a change comes as edits, not the whole text (a keystroke in a
/// large file must not send, parse and compare all of it).
fn capabilities() -> Value {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    };
    to_json(InitializeResult {
        capabilities,
        server_info: Some(ServerInfo {
            name: "jaque".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    })
}
