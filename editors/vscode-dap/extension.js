// Registers the `jasonrun` debug type: VS Code starts `jasonrun dap` and speaks DAP over its stdio.
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('jasonrun', {
    createDebugAdapterDescriptor() {
      const binary = vscode.workspace.getConfiguration('jasonrun').get('path') || 'jasonrun';
      return new vscode.DebugAdapterExecutable(binary, ['dap']);
    },
  }));
}

module.exports = { activate, deactivate() {} };
