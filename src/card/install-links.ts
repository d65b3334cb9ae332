// One-click links and command lines that add this server to the hosts that have them, for /mcp at `url`.
// The links carry the URL only; with MCP_AUTH=headers the command lines send the user's token from the
// shell variable TOKEN (Codex reads it at each start), so no credential is ever printed.
// Formats: VS Code's URL handler (`vscode:mcp/install?<JSON>`, and vscode.dev's redirect for web pages),
// Cursor's deep link (`config` is base64 JSON), `claude mcp add`, `codex mcp add`, `copilot mcp add`.

export interface InstallLinks {
  readonly vscode: string;
  /** The same through vscode.dev, for a web page or a terminal that opens only https links. */
  readonly vscodeWeb: string;
  readonly cursor: string;
  readonly claude: string;
  readonly codex: string;
  readonly copilot: string;
}

/** The host-side name of the server: the part after the slash, as hosts allow (letters, digits, _ and -). */
export function hostSideName(serverName: string): string {
  const bare = serverName.slice(serverName.indexOf('/') + 1).replace(/[^A-Za-z0-9_-]/g, '-');
  return bare === '' ? 'server' : bare;
}

/** `http://0.0.0.0:3000` (listening everywhere) → `http://localhost:3000/mcp`: a URL a host can reach and the door accepts. */
export function localMcpUrl(listenUrl: string): string {
  return `${listenUrl.replace(/\/\/(?:0\.0\.0\.0|\[::\])(?=:|$)/, '//localhost')}/mcp`;
}

export function installLinks({ serverName, url, bearer }: { serverName: string; url: string; bearer: boolean }): InstallLinks {
  const name = hostSideName(serverName);
  const vscodeConfig = JSON.stringify({ type: 'http', url });
  const header = bearer ? ' --header "Authorization: Bearer $TOKEN"' : '';
  return {
    vscode: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`,
    vscodeWeb: `https://vscode.dev/redirect/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(vscodeConfig)}`,
    cursor: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(Buffer.from(JSON.stringify({ url })).toString('base64'))}`,
    claude: `claude mcp add --transport http ${name} ${url}${header}`,
    codex: `codex mcp add ${name} --url ${url}${bearer ? ' --bearer-token-env-var TOKEN' : ''}`,
    copilot: `copilot mcp add --transport http ${name} ${url}${header}`,
  };
}
