// Starts `tales lsp` for the books of the workspace: `.tales` files and the
// book's YAML files. Highlighting before the server answers comes from the
// TextMate grammar in syntaxes/.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("tales").get("path") || "tales";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "tales",
    "Tales",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "tales" },
        { scheme: "file", pattern: "**/{book,glossary,matrices,cards}.yaml" },
      ],
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
