// Starts `jasonrun lsp` for the JSON files that are Jasonette flows (setting jasonrun.files).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("jasonrun");
  const command = config.get("path", "jasonrun");
  const patterns = config.get("files", ["**/flow.json"]);
  client = new LanguageClient(
    "jasonrun",
    "jasonrun",
    { command, args: ["lsp"] },
    { documentSelector: patterns.map((pattern) => ({ language: "json", pattern })) }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
