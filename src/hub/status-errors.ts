// The one place that turns a hub status into an error ("Hub client"): 401 key, 403 scope,
// 404 on fetch not-found, anything else an error carrying the status.
import { HubError, HubKeyError, HubNotFoundError, HubPermissionError, HubStatusError } from './errors';
import type { HubResponse } from './send';
import { hubCodeOf } from './send';

export interface StatusContext {
  path: string;
  /** The setting that holds the key used, named in a 401 message. */
  envVar: string;
  /** The scope the endpoint needs, named in a 403 message. */
  scope: string;
  /** Set for file fetch: a 404 means the user has no such file. */
  fileName?: string;
}

export function errorForStatus(ctx: StatusContext, res: HubResponse): HubError {
  const options = { hubCode: hubCodeOf(res.body) };
  if (res.status === 401) return new HubKeyError('POST', ctx.path, ctx.envVar, options);
  if (res.status === 403) return new HubPermissionError('POST', ctx.path, ctx.scope, options);
  if (res.status === 404 && ctx.fileName !== undefined) {
    return new HubNotFoundError('POST', ctx.path, ctx.fileName, options);
  }
  return new HubStatusError('POST', ctx.path, res.status, options);
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
