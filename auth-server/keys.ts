// The local authorization server's signing keys (RS256, a fresh one per rotation) and the quieting of
// oidc-provider's development notices, which are expected here.
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };

export async function signingKey(): Promise<JWK> {
  const { exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: `key-${Math.random().toString(36).slice(2, 10)}`, alg: 'RS256', use: 'sig' };
}

export function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
}

/**
 * oidc-provider prints its development notices (in-memory adapter, development interactions, default TTLs)
 * through the console: expected in a test server, so they are dropped; anything else still prints.
 */
export function quietDevelopmentNotices(): void {
  for (const level of ['info', 'warn'] as const) {
    const print = console[level];
    if ((print as { quiet?: boolean }).quiet) continue;
    const quiet = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider ')) return;
      print.apply(console, args);
    };
    console[level] = Object.assign(quiet, { quiet: true });
  }
}
