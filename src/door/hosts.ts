// Host and Origin allowlists, against DNS rebinding (a hostile page whose name resolves to this server)
// and cross-site browser requests. Host is compared without its port; an absent Origin (every non-browser
// client, the hub included) passes; a present one must be listed (MCP 2025-11-25: 403 for a bad Origin).
import { lastAnswer } from '../http/last-answer';

/** `Example.COM:3000` → `example.com`; `[::1]:3000` → `[::1]`; a trailing dot is dropped. */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  const end = lower.startsWith('[') ? lower.indexOf(']') + 1 : lower.lastIndexOf(':');
  const name = end > 0 && end < lower.length ? lower.slice(0, end) : lower;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

export function createHostCheck(allowed: readonly string[] | '*'): (host: string | undefined) => boolean {
  if (allowed === '*') return () => true;
  const names = new Set(allowed.map(hostName));
  const listed = lastAnswer((host) => names.has(hostName(host)));
  return function hostAllowed(host) {
    return host !== undefined && listed(host);
  };
}

interface OriginRule {
  protocol: string;
  hostname: string;
  /** Undefined: any port. */
  port: string | undefined;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function parseOrigin(text: string): { url: URL; port: string } | undefined {
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return { url, port: url.port || (DEFAULT_PORTS[url.protocol] ?? '') };
  } catch {
    return undefined;
  }
}

/** For config validation: each entry is `http(s)://host[:port]` (no path) or `null`. */
export function isOriginList(entries: readonly string[]): boolean {
  return entries.every((entry) => entry === '*' || entry === 'null' || parseOrigin(entry) !== undefined);
}

export function createOriginCheck(allowed: readonly string[] | '*'): (origin: string) => boolean {
  if (allowed === '*') return () => true;
  // `null` (sandboxed frames, file://) is a literal Origin value: allowed only if listed as such.
  const literal = new Set<string>(allowed.filter((entry) => entry === 'null'));
  const rules: OriginRule[] = allowed.flatMap((entry) => {
    const parsed = parseOrigin(entry);
    if (!parsed) return [];
    const hasPort = /:\d+\/?$/.test(entry);
    return [{ protocol: parsed.url.protocol, hostname: parsed.url.hostname, port: hasPort ? parsed.port : undefined }];
  });
  return function originAllowed(origin) {
    if (literal.has(origin)) return true;
    const parsed = parseOrigin(origin);
    if (!parsed) return false;
    const { url, port } = parsed;
    return rules.some(
      (rule) => rule.protocol === url.protocol && rule.hostname === url.hostname && (rule.port === undefined || rule.port === port),
    );
  };
}
