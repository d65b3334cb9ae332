// Turns a tool's path template (`/orders/:id`) and parameters into a safe relative path, and fills
// `{tenantId}` in the base URL. Everything a tool sends is relative to CUSTOMER_API_URL.
import { InvalidUpstreamRequestError } from './errors';
import { checkEncodedSegment } from './wire-parts';

type Segment = { literal: string } | { param: string };

const compiled = new Map<string, Segment[]>();

function compile(template: string): Segment[] {
  const cached = compiled.get(template);
  if (cached) return cached;
  if (!template.startsWith('/') || template.startsWith('//') || /[?#\\]/.test(template)) {
    throw new InvalidUpstreamRequestError(
      `Path "${template}" must be relative to CUSTOMER_API_URL: start with one "/", no query (use the query option), no "#" or "\\"`,
    );
  }
  const segments = template
    .slice(1)
    .split('/')
    .map((part): Segment => {
      if (part === '.' || part === '..' || /%2e/i.test(part)) {
        throw new InvalidUpstreamRequestError(`Path "${template}" may not contain "." or ".." segments`);
      }
      return part.startsWith(':') ? { param: part.slice(1) } : { literal: part };
    });
  compiled.set(template, segments);
  return segments;
}

const UNRESERVED = /^[A-Za-z0-9_.~-]+$/;

/** Encodes one value for a path segment; "." and ".." would climb out of the API's path, so they are refused. */
export function encodeSegment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new InvalidUpstreamRequestError(
      `Refused path parameter ${what}=${JSON.stringify(value)}`,
      `The value given for ${what} is not valid here. Please check it and try again.`,
    );
  }
  // Characters encodeURIComponent leaves as they are: the common id needs no call into the runtime.
  if (UNRESERVED.test(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch (error) {
    // URIError: a lone surrogate (e.g. "\uD800") has no UTF-8 form. It is the caller's input, not a bug.
    throw new InvalidUpstreamRequestError(
      `Path parameter ${what} is not valid Unicode text (${(error as Error).name})`,
      `The value given for ${what} contains characters that cannot be sent (invalid Unicode). Please check it and try again.`,
    );
  }
}

export function buildPath(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
  encoded?: Readonly<Record<string, string>>,
): string {
  let path = '';
  for (const segment of compile(template)) {
    if ('literal' in segment) {
      path += `/${segment.literal}`;
      continue;
    }
    const ready = encoded?.[segment.param];
    if (ready !== undefined) {
      path += `/${checkEncodedSegment(ready, segment.param)}`;
      continue;
    }
    const value = params[segment.param];
    if (value === undefined) {
      throw new InvalidUpstreamRequestError(`Path "${template}" needs a value for :${segment.param}`);
    }
    path += `/${encodeSegment(String(value), segment.param)}`;
  }
  return path;
}

export function buildQuery(query: Readonly<Record<string, string | number | boolean | undefined>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The placeholders compileBaseUrl fills in CUSTOMER_API_URL, by name: checked at startup (upstream
 * settings), so a `{tenant}` that no request would fill is refused instead of sent as is.
 */
export const BASE_URL_PLACEHOLDERS = ['tenantId'] as const;
const TENANT = '{tenantId}';

/** Splits the base URL once at startup; `resolve(tenantId)` is then a string join per call. */
export function compileBaseUrl(baseUrl: string): { resolve(tenantId: string | undefined): string } {
  const trimmed = baseUrl.replace(/\/+$/, '');
  const parts = trimmed.split(TENANT);
  if (parts.length === 1) return { resolve: () => trimmed };
  return {
    resolve(tenantId) {
      if (tenantId === undefined) {
        throw new InvalidUpstreamRequestError(
          'CUSTOMER_API_URL contains {tenantId} but the call carried no X-Tenant-Id header',
          'This action needs to know your organisation, but none was sent with the request. Please sign in again or contact your administrator.',
        );
      }
      return parts.join(encodeSegment(tenantId, 'tenant'));
    },
  };
}
