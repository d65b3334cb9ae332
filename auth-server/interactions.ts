// The sign-in page of the local authorization server: oidc-provider hands a browser to /interaction/<uid>
// when it needs the user; this shows a form, checks a demo user's password, and then grants what the client
// asked for (scopes of the resource, offline_access) without a consent page: a development server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoUser } from './demo-users';

type ProviderModule = typeof import('oidc-provider', { with: { 'resolution-mode': 'import' } });
type Provider = InstanceType<ProviderModule['default']>;

/** The interaction's prompt details oidc-provider reports (only the fields used here). */
interface PromptDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, clientName: string, users: readonly DemoUser[], error?: string): string {
  const hint = users.map((user) => `<li><code>${escapeHtml(user.login)}</code> / <code>${escapeHtml(user.password)}</code></li>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sign in</title></head><body>
<h1>Sign in to ${escapeHtml(clientName)}</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Login <input name="login" autofocus></label>
<label>Password <input name="password" type="password"></label>
<button type="submit">Sign in</button>
</form>
<p>Demo users (development only):</p><ul>${hint}</ul>
</body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
}

/** Handles GET /interaction/<uid> and POST /interaction/<uid>/login; returns false for any other path. */
export function createInteractions(provider: () => Provider, users: readonly DemoUser[]) {
  async function grantAll(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const p = provider();
    const interaction = await p.interactionDetails(req, res);
    const details = interaction.prompt.details as PromptDetails;
    const accountId = interaction.session?.accountId;
    const clientId = String(interaction.params.client_id);
    const grant = (interaction.grantId ? await p.Grant.find(interaction.grantId) : undefined) ?? new p.Grant({ accountId, clientId });
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return async function interactions(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(path);
    if (!match) return false;
    try {
      const p = provider();
      const interaction = await p.interactionDetails(req, res);
      const client = await p.Client.find(String(interaction.params.client_id));
      const clientName = String(client?.clientName ?? interaction.params.client_id);
      if (interaction.prompt.name !== 'login') {
        await grantAll(req, res);
        return true;
      }
      if (match[2] === undefined || req.method !== 'POST') {
        html(res, 200, page(interaction.uid, clientName, users));
        return true;
      }
      const form = await formOf(req);
      const user = users.find((candidate) => candidate.login === form.get('login') && candidate.password === form.get('password'));
      if (!user) {
        html(res, 200, page(interaction.uid, clientName, users, 'Unknown login or wrong password.'));
        return true;
      }
      await p.interactionFinished(req, res, { login: { accountId: user.login } }, { mergeWithLastSubmission: false });
    } catch (error) {
      html(res, 400, `<!doctype html><p>This sign-in cannot go on (${escapeHtml(error instanceof Error ? error.message : String(error))}). Start again from the application.</p>`);
    }
    return true;
  };
}
