// What a browser does between an authorization URL and the redirect back, over plain HTTP:
// follow redirects, keep the cookies, and submit each form the server shows (the sign-in page of auth-server/
// with a demo user's login and password, then any consent form). For `npm run sign-in` and the OAuth tests.
import { DEMO_USERS } from '../../auth-server';

/** Cookies by name for one origin: enough for oidc-provider's interaction and session cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((attribute) => /^\s*expires=.*1970/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }
}

const unescapeHtml = (text: string) => text.replace(/&#x2F;/g, '/').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Follows redirects from `authorizationUrl` and submits each form the server shows (the sign-in page of
 * auth-server/ with a demo user's login and password). Returns the query of the redirect to `redirectUri`.
 */
export async function signInAndConsent(authorizationUrl: URL, redirectUri: string, user: { login: string; password: string } = DEMO_USERS[0]!): Promise<URLSearchParams> {
  const { login, password } = user;
  const jar = new CookieJar();
  let request: { url: string; init: RequestInit } = { url: authorizationUrl.href, init: {} };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, { ...request.init, redirect: 'manual', headers: { ...request.init.headers, cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, request.url);
      if (next.href.startsWith(redirectUri)) return next.searchParams;
      request = { url: next.href, init: {} };
      continue;
    }
    const html = await response.text();
    const alert = /<p role="alert">([^<]*)<\/p>/.exec(html)?.[1];
    if (alert !== undefined) throw new Error(`the sign-in page said: ${unescapeHtml(alert)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!response.ok || !action) throw new Error(`unexpected page at ${request.url}: ${response.status} ${html.slice(0, 500)}`);
    const fields = new URLSearchParams();
    for (const [input] of html.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      if (!name) continue;
      const value = /value="([^"]*)"/.exec(input)?.[1];
      fields.set(name, name === 'login' ? login : name === 'password' ? password : unescapeHtml(value ?? ''));
    }
    request = { url: new URL(unescapeHtml(action), request.url).href, init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() } };
  }
  throw new Error('too many steps before the redirect back');
}
