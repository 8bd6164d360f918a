//! The server's answers: a message's text in, the responses and notifications to send out.

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, FoldingRangeProviderCapability,
    HoverProviderCapability, InitializeResult, OneOf, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
};
use serde_json::Value;

use super::document::Document;
use super::queries::Queries;
use super::sync::Documents;
use super::transport::{encode, error_json};
use super::{Failure, features};

/// The server's state between messages.
pub struct Server {
    initialized: bool,
    pub shutdown: bool,
    /// `exit` came: the loop ends.
    pub exit: bool,
    pub documents: Documents,
    /// The query files open, apart from the documents of games.
    queries: Queries,
}

impl Server {
    pub fn new(documents: Documents) -> Server {
        Server {
            initialized: false,
            shutdown: false,
            exit: false,
            documents,
            queries: Queries::default(),
        }
    }

    /// Answers one message's text: the responses and notifications to send.
    pub fn message(&mut self, body: &str) -> Vec<String> {
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
            Ok(Message::Request(request)) => vec![self.request(request)],
            Ok(Message::Notification(notification)) => self.notification(notification),
            Ok(Message::Response(_)) => Vec::new(),
            Err(e) => vec![error_json(id, ErrorCode::InvalidRequest, &e.to_string())],
        }
    }

    /// The response to a request, as it is sent.
    fn request(&mut self, request: Request) -> String {
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
            Ok("null".into())
        } else if let Some(answer) = self.answer_query(&request.method, &request.params) {
            Ok(answer)
        } else {
            self.answer(&request.method, request.params)
        };
        match result {
            // Written around the result's text: a `Value` of a large document's symbols
            // or folds costs more to build, and again to copy into the response, than the
            // answer itself.
            Ok(result) => {
                let id = serde_json::to_string(&id).unwrap_or_else(|_| "null".into());
                format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{result}}}"#)
            }
            Err((code, message)) => encode(Response::new_err(id, code, message).into()),
        }
    }

    /// The answer to a request about a document, as JSON text.
    fn answer(&self, method: &str, params: Value) -> Result<String, Failure> {
        use lsp_types::*;
        let value = match method {
            "textDocument/hover" => {
                let p: HoverParams = parse(params)?;
                let at = &p.text_document_position_params;
                let document = self.document(&at.text_document.uri, false)?;
                to_json(features::hover(document, at.position))
            }
            "textDocument/completion" => {
                let p: CompletionParams = parse(params)?;
                let at = &p.text_document_position;
                let document = self.document(&at.text_document.uri, false)?;
                to_json(CompletionResponse::Array(features::completion(
                    document,
                    at.position,
                )))
            }
            "textDocument/codeAction" => {
                let p: CodeActionParams = parse(params)?;
                let document = self.document(&p.text_document.uri, true)?;
                let only = p.context.only.as_deref();
                let automatic = p.context.trigger_kind == Some(CodeActionTriggerKind::AUTOMATIC);
                to_json(features::code_actions(document, p.range, only, automatic))
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = parse(params)?;
                let at = &p.text_document_position_params;
                let document = self.document(&at.text_document.uri, false)?;
                let location = features::definition(document, at.position);
                to_json(location.map(GotoDefinitionResponse::Scalar))
            }
            "textDocument/formatting" => {
                let p: DocumentFormattingParams = parse(params)?;
                to_json(features::formatting(
                    self.document(&p.text_document.uri, true)?,
                ))
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = parse(params)?;
                let symbols = features::symbols(self.document(&p.text_document.uri, false)?);
                to_json(DocumentSymbolResponse::Nested(symbols))
            }
            "textDocument/foldingRange" => {
                let p: FoldingRangeParams = parse(params)?;
                to_json(features::folding(
                    self.document(&p.text_document.uri, false)?,
                ))
            }
            _ => {
                let why = format!("unknown method {method}");
                return Err((ErrorCode::MethodNotFound as i32, why));
            }
        };
        Ok(value)
    }

    /// The answer to a request about an open query file; `None` for one about anything else.
    fn answer_query(&self, method: &str, params: &Value) -> Option<String> {
        let uri = params.get("textDocument")?.get("uri")?;
        let uri: lsp_types::Uri = serde_json::from_value(uri.clone()).ok()?;
        if !self.queries.holds(&uri) {
            return None;
        }
        let at = params.get("position").cloned();
        let position = at.and_then(|at| serde_json::from_value(at).ok());
        Some(self.queries.answer(&uri, method, position))
    }

    /// The document a request reads; `current`: its answer is edits, which must be made on
    /// the latest text (see `Documents::get`).
    fn document(&self, uri: &lsp_types::Uri, current: bool) -> Result<&Document, Failure> {
        self.documents.get(uri, current)
    }

    /// Acts on a notification; the diagnostics of a document changed or closed.
    fn notification(&mut self, notification: Notification) -> Vec<String> {
        use lsp_types::*;
        let params = notification.params;
        // A notification has no response: one that cannot be read is dropped.
        match notification.method.as_str() {
            "exit" => self.exit = true,
            "textDocument/didOpen" => {
                if let Ok(p) = parse::<DidOpenTextDocumentParams>(params) {
                    let doc = p.text_document;
                    if Queries::is_query(&doc.language_id, &doc.uri) {
                        return self.queries.open(doc.uri, doc.version, doc.text);
                    }
                    if doc.language_id == "pgn" || doc.uri.as_str().ends_with(".pgn") {
                        self.documents.open(doc.uri, doc.version, doc.text);
                    }
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = parse::<DidChangeTextDocumentParams>(params) {
                    let (uri, version) = (p.text_document.uri, p.text_document.version);
                    if self.queries.holds(&uri) {
                        return self.queries.change(uri, version, &p.content_changes);
                    }
                    return self.documents.change(uri, version, p.content_changes);
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = parse::<DidCloseTextDocumentParams>(params) {
                    if self.queries.holds(&p.text_document.uri) {
                        return self.queries.close(&p.text_document.uri);
                    }
                    return self.documents.close(p.text_document.uri);
                }
            }
            _ => {}
        }
        Vec::new()
    }
}

fn parse<P: serde::de::DeserializeOwned>(params: Value) -> Result<P, Failure> {
    serde_json::from_value(params).map_err(|e| (ErrorCode::InvalidParams as i32, e.to_string()))
}

fn to_json(value: impl serde::Serialize) -> String {
    serde_json::to_string(&value).unwrap_or_else(|_| "null".into())
}

/// What the server can do; a change comes as edits, not the whole text (a keystroke in a
/// large file must not send, parse and compare all of it).
fn capabilities() -> String {
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
