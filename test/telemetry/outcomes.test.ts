import { CALL_OUTCOMES, classifyOutcome, detailCode } from '../../src/telemetry';

describe('the outcome vocabulary', () => {
  it.each([
    ['OK', 'ok', 'info', undefined],
    ['UPSTREAM_HTTP_401', 'upstream_auth', 'info', undefined],
    ['UPSTREAM_HTTP_403', 'upstream_forbidden', 'info', undefined],
    ['UPSTREAM_HTTP_404', 'upstream_4xx', 'info', undefined],
    ['UPSTREAM_HTTP_502', 'upstream_5xx', 'warn', undefined],
    ['UPSTREAM_HTTP_302', 'upstream_bad_answer', 'warn', undefined],
    ['UPSTREAM_NOT_JSON', 'upstream_bad_answer', 'warn', 'UPSTREAM_NOT_JSON'],
    ['UPSTREAM_TOO_LARGE', 'upstream_too_large', 'info', undefined],
    ['UPSTREAM_UNREACHABLE', 'upstream_unreachable', 'warn', undefined],
    ['UPSTREAM_REQUEST_INVALID', 'invalid_arguments', 'info', 'UPSTREAM_REQUEST_INVALID'],
    ['RATE_LIMITED', 'refused', 'info', 'RATE_LIMITED'],
    ['HUB_NOT_FOUND', 'hub_error', 'info', 'HUB_NOT_FOUND'],
    ['HUB_TIMEOUT', 'hub_unavailable', 'warn', 'HUB_TIMEOUT'],
    ['ORDER_NOT_FOUND', 'tool_error', 'info', 'ORDER_NOT_FOUND'],
    ['UNKNOWN_TOOL', 'unknown_tool', 'info', undefined],
  ])('code %s is outcome %s at %s, logged with code %p', (code, outcome, level, detail) => {
    expect(classifyOutcome(code, false)).toEqual({ outcome, level });
    expect(detailCode(code, classifyOutcome(code, false).outcome)).toBe(detail);
  });

  it('an unexpected failure is error: internal, or hub_error for a hub misconfiguration', () => {
    expect(classifyOutcome('INTERNAL', true)).toEqual({ outcome: 'internal', level: 'error' });
    expect(classifyOutcome('HUB_KEY_REJECTED', true)).toEqual({ outcome: 'hub_error', level: 'error' });
  });

  it('every outcome is a Prometheus-friendly lower-case word', () => {
    for (const outcome of CALL_OUTCOMES) expect(outcome).toMatch(/^[a-z0-9_]+$/);
  });
});
