// jose and oauth4webapi ship only ES modules; this CommonJS build loads them with require (Node >= 20.19
// loads ES modules that way) and keeps their types. One place, so the rest of src/auth imports plainly.
export type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
export type OAuth = typeof import('oauth4webapi', { with: { 'resolution-mode': 'import' } });
export type { AuthorizationServer, IntrospectionResponse } from 'oauth4webapi' with { 'resolution-mode': 'import' };
export type { JWTPayload, JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };

/* eslint-disable @typescript-eslint/no-require-imports */
export const jose = require('jose') as Jose;
export const oauth = require('oauth4webapi') as OAuth;
/* eslint-enable @typescript-eslint/no-require-imports */
