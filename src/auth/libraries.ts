// jose and oauth4webapi ship only ES modules: this CommonJS build loads them with import(), once, on
// first use (jest runs with --experimental-vm-modules for the same reason: package.json "test").
export type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
export type OAuth = typeof import('oauth4webapi', { with: { 'resolution-mode': 'import' } });
export type { AuthorizationServer, IntrospectionResponse } from 'oauth4webapi' with { 'resolution-mode': 'import' };
export type { JWTPayload, JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };

let loading: Promise<{ jose: Jose; oauth: OAuth }> | undefined;

export function libraries(): Promise<{ jose: Jose; oauth: OAuth }> {
  return (loading ??= Promise.all([import('jose'), import('oauth4webapi')]).then(([jose, oauth]) => ({ jose, oauth })));
}
