// The headers the hub sends a tool server with each request for a binding (contract, "Credentials
// forwarded to tool servers"). Built from the binding as it is now, so a re-bind's refreshed token
// is on the very next request.
import type { Binding } from '../stores/bindings';

export function hubRequestHeaders(binding: Binding, requestId: string, defaultTenantId?: string): Record<string, string> {
  // custom authentication headers (an API-key or client-id header, …) go as given
  const headers: Record<string, string> = { ...binding.authArtifacts.headers };
  const authorization = Object.entries(binding.authArtifacts.headers).find(
    ([name]) => name.toLowerCase() === 'authorization',
  )?.[1];
  if (authorization !== undefined) headers['X-User-Auth-Authorization'] = authorization;
  if (binding.authArtifacts.cookies !== undefined) headers['Cookie'] = binding.authArtifacts.cookies;
  if (binding.identity !== undefined) headers['X-User-Id'] = binding.identity.userId;
  const tenantId = binding.identity?.tenantId ?? defaultTenantId;
  if (tenantId !== undefined) headers['X-Tenant-Id'] = tenantId;
  headers['X-Request-Id'] = requestId;
  headers['X-Session-Id'] = binding.sessionId;
  return headers;
}
