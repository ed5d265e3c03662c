// One extension for both faces of jasonrun in VS Code: `jasonrun lsp` for the JSON files that are
// Jasonette flows (setting jasonrun.files), and the `jasonrun` debug type, served by `jasonrun dap`.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function executable() {
  return vscode.workspace.getConfiguration("jasonrun").get("path") || "jasonrun";
}

function activate(context) {
  // The Debug code lens: the server runs Run, Explore and the tests itself; a debug session is the editor's.
  context.subscriptions.push(vscode.commands.registerCommand("jasonrun.debug", (uri) => {
    const program = vscode.Uri.parse(uri).fsPath;
    return vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(uri)), {
      type: "jasonrun", request: "launch", name: "Debug " + program, program, stopOnEntry: true,
    });
  }));
  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory("jasonrun", {
    createDebugAdapterDescriptor() {
      return new vscode.DebugAdapterExecutable(executable(), ["dap"]);
    },
  }));
  const patterns = vscode.workspace.getConfiguration("jasonrun").get("files", ["**/flow.json"]);
  client = new LanguageClient(
    "jasonrun",
    "jasonrun",
    { command: executable(), args: ["lsp"] },
    { documentSelector: patterns.map((pattern) => ({ language: "json", pattern })) }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
