//! `jaque lsp`: a Language Server Protocol server on standard input and output, so an
//! editor shows what `jaque check` finds while a PGN file is typed, offers its fixes, and
//! answers hover, completion, go to definition, formatting, symbols and folding from the
//! games it checked.
//!
//! `lsp_server` gives the message types, `lsp_types` the protocol's; the framing is ours
//! (`transport`). A thread reads the messages and one loop answers them, in order, with
//! the results of the full checks, which run on rayon's threads (`sync`): a file of tens of
//! megabytes takes a while to check when it is opened, and the server must answer the
//! other documents' requests, and `shutdown`, meanwhile. A keystroke checks again only the
//! games it touches, on the loop: that takes less than handing it over would.

mod convert;
mod document;
mod features;
mod full_check;
mod publish;
mod queries;
mod server;
mod sync;
mod transport;

use std::io;
use std::sync::mpsc::{Sender, channel};

use lsp_server::ErrorCode;
use serde_json::Value;

use super::Outcome;
use server::Server;
use sync::Documents;
use transport::{error_json, read_frame, write_frame};

#[derive(clap::Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted because editors
    /// pass it).
    #[arg(long)]
    stdio: bool,
}

/// A request's failure: a JSON-RPC error code and message.
type Failure = (i32, String);

/// What the loop acts on, in the order it comes.
enum Event {
    /// A message's text, or why its frame is unusable.
    Frame(Result<String, String>),
    /// The end of input, or input failing: the server ends as on `exit`.
    End,
    /// A document's full check is done.
    Checked(Box<full_check::Done>),
}

/// Serves until `exit` or the end of input: exit 0 after a `shutdown`, 1 without one (as
/// the protocol asks).
pub fn run(_args: LspArgs) -> Outcome {
    let (events, inbox) = channel();
    read_messages(events.clone());
    let mut out = io::stdout().lock();
    let mut server = Server::new(Documents::new(events));
    for event in inbox {
        let replies = match event {
            Event::Frame(Ok(body)) => server.message(&body),
            Event::Frame(Err(why)) => vec![error_json(Value::Null, ErrorCode::ParseError, &why)],
            Event::Checked(done) => server.documents.landed(*done),
            Event::End => break,
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

/// Reads messages on a thread of their own, so that the loop can wait for them and for the
/// full checks at once.
fn read_messages(events: Sender<Event>) {
    std::thread::spawn(move || {
        let mut input = io::stdin().lock();
        while let Ok(Some(frame)) = read_frame(&mut input) {
            if events.send(Event::Frame(frame)).is_err() {
                return;
            }
        }
        let _ = events.send(Event::End);
    });
}
