import { createHubClient, scopedKeySchema } from '../../src/hub';

describe('hub keys', () => {
  it('scopedKeySchema accepts svc_ak_ keys and refuses others', () => {
    expect(scopedKeySchema.safeParse('svc_ak_abc123').success).toBe(true);
    expect(scopedKeySchema.safeParse('svc_ak_').success).toBe(false);
    expect(scopedKeySchema.safeParse('sk_live_abc').success).toBe(false);
  });

  it('scopedKeySchema error messages do not repeat the value', () => {
    const result = scopedKeySchema.safeParse('secret-value-123');
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).not.toContain('secret-value-123');
  });

  it('createHubClient refuses a scoped key without the svc_ak_ prefix, naming the setting, not the value', () => {
    expect(() => createHubClient({ baseUrl: 'http://127.0.0.1:1', keys: { filesWrite: 'plain-secret' } })).toThrow(
      /HUB_FILES_WRITE_KEY must be a scoped API key starting with svc_ak_/,
    );
    expect(() => createHubClient({ baseUrl: 'http://127.0.0.1:1', keys: { filesWrite: 'plain-secret' } })).not.toThrow(/plain-secret/);
  });

  it('createHubClient refuses a malformed base address at creation', () => {
    expect(() => createHubClient({ baseUrl: 'not a url', keys: {} })).toThrow();
  });
});
