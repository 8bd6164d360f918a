// jaque's language server (`jaque lsp`) for PGN and query (.chq) files in Visual Studio Code.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const command = vscode.workspace.getConfiguration("jaque").get("path", "jaque");
  const serverOptions = { command, args: ["lsp"] };
  const clientOptions = {
    documentSelector: [{ language: "pgn" }, { language: "chq" }],
  };
  client = new LanguageClient("jaque", "jaque", serverOptions, clientOptions);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
