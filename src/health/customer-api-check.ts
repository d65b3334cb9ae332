// Reachability of the customer's API: any HTTP answer counts (even 401/404: the API is there and
// deciding); a refused connection or a time-out does not. It sends the User-Agent tool requests send:
// GitHub-like APIs refuse a request without one.
import { request, type Dispatcher } from 'undici';
import type { HealthCheck } from './health';

/** Returns undefined when the base URL's host depends on the tenant: no single address to probe. */
export function customerApiCheck(baseUrl: string, dispatcher?: Dispatcher, userAgent?: string): HealthCheck | undefined {
  const withTenant = (tenant: string) => new URL(baseUrl.replaceAll('{tenantId}', tenant));
  if (withTenant('a').host !== withTenant('b').host) return undefined;
  const probe = `${withTenant('a').origin}/`;
  const headers = userAgent === undefined ? undefined : { 'user-agent': userAgent };
  return {
    name: 'customer-api',
    async check(signal) {
      try {
        const { body } = await request(probe, { method: 'GET', signal, headers, ...(dispatcher ? { dispatcher } : {}) });
        await body.dump();
      } catch (error) {
        if (signal.aborted) throw new Error('no answer in time');
        const code = (error as { code?: string }).code;
        throw new Error(`unreachable (${code ?? (error as Error).message})`);
      }
    },
  };
}
