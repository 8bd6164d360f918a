//! The editor's side of the pipes: frames requests and notifications, reads the server's
//! messages on a thread so that a silent server fails a test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one answer may take before the test fails rather than hangs.
const TIMEOUT: Duration = Duration::from_secs(10);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications read while waiting for a response.
    pending: Vec<Value>,
    next_id: i64,
    /// How long `wait` waits: longer for a document large enough to take a while.
    pub timeout: Duration,
}

impl Client {
    pub fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jaque"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            pending: Vec::new(),
            next_id: 1,
            timeout: TIMEOUT,
        }
    }

    pub fn send_raw(&mut self, body: &str) {
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.send_raw(&body.to_string());
    }

    /// Sends a request and returns its whole response (`result` or `error`).
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.request(method, params);
        self.response(id)
    }

    /// Sends a request without waiting for its response: its id.
    pub fn request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_raw(&body.to_string());
        id
    }

    /// The response to request `id`.
    pub fn response(&mut self, id: i64) -> Value {
        self.wait(|m| m["id"] == json!(id))
    }

    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let mut response = self.call(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        // Taken, not cloned: a large document's answers are large.
        response["result"].take()
    }

    /// The next message that `wanted`, keeping the others for later.
    pub fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&wanted) {
            return self.pending.remove(i);
        }
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self
                .messages
                .recv_timeout(left)
                .expect("no answer from jaque lsp in time");
            if wanted(&message) {
                return message;
            }
            self.pending.push(message);
        }
    }

    /// The diagnostics published next for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        match self.published(uri)["diagnostics"].take() {
            Value::Array(diagnostics) => diagnostics,
            other => panic!("diagnostics are no array: {other}"),
        }
    }

    /// The `publishDiagnostics` notification for `uri` that comes next (all its params).
    pub fn published(&mut self, uri: &str) -> Value {
        let mut message = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        message["params"].take()
    }

    /// Whether a message that `wanted` came before the last one waited for (read while
    /// waiting, kept for later).
    pub fn came_before(&self, wanted: impl Fn(&Value) -> bool) -> bool {
        self.pending.iter().any(wanted)
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        let document = json!({"uri": uri, "languageId": "pgn", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({"textDocument": document}));
    }

    /// Shuts down and exits; the exit status, waited for with the timeout.
    pub fn finish(mut self) -> i32 {
        assert_eq!(self.result("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.exited()
    }

    /// The exit status of the server, waited for with the timeout.
    pub fn exited(&mut self) -> i32 {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "jaque lsp did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test must not leave the server running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse().ok()?;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
