// The reason read from a 4xx body's common shapes, stripped and bounded (src/upstream/error-reason.ts).
import { cleanText, errorReason, MAX_REASON } from '../../src/upstream/error-reason';

describe('the reason in an error body', () => {
  it.each<[string, unknown, boolean, ReturnType<typeof errorReason>]>([
    ['Stripe', { error: { message: 'Invalid array', param: 'expand' } }, false, { text: 'Invalid array', field: 'expand' }],
    ['RFC 9457 detail', { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Amount must be positive' }, true, { text: 'Amount must be positive' }],
    ['RFC 9457 title only', { type: 'about:blank', title: 'Bad Request', status: 400 }, true, { text: 'Bad Request' }],
    ['RFC 9457 pointer', { detail: 'Invalid', errors: [{ detail: 'must be a string', pointer: '/items/0/name' }] }, true, { text: 'Invalid', field: 'name' }],
    ['OAuth', { error: 'invalid_grant', error_description: 'The code has expired' }, false, { text: 'The code has expired' }],
    ['Slack', { ok: false, error: 'channel_not_found' }, false, { text: 'channel_not_found' }],
    ['{message}', { message: 'Not Found', documentation_url: 'https://docs.github.com' }, false, { text: 'Not Found' }],
    ['GitHub with messages', { message: 'Validation Failed.', errors: [{ field: 'body', message: 'body is too long' }] }, false, { text: 'Validation Failed: body is too long', field: 'body' }],
    ['JSON:API', { errors: [{ detail: 'is taken', source: { pointer: '/data/attributes/email' } }] }, false, { text: 'is taken', field: 'email' }],
    ['a list of strings', { errors: ['a', 'b', 'c', 'd'] }, false, { text: 'a; b; c' }],
    ['a JSON string', 'Bad input', false, { text: 'Bad input' }],
    ['nothing known', { code: 17, ok: false }, false, undefined],
    ['an empty message', { message: ' \u0000 ' }, false, undefined],
    ['a list at the top (Salesforce)', [{ message: 'Required fields are missing: [Name]', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['Name'] }], false, { text: 'Required fields are missing: [Name]', field: 'Name' }],
  ])('%s', (_shape, body, problem, expected) => {
    expect(errorReason(body, problem)).toEqual(expected);
  });

  it('a field name keeps only the characters of a name', () => {
    expect(errorReason({ error: { message: 'x', param: 'items[0].price"; drop' } })).toEqual({ text: 'x', field: 'items[0].pricedrop' });
  });

  it('cuts at the bound without splitting a surrogate pair', () => {
    const cut = cleanText(`${'a'.repeat(MAX_REASON - 2)}😀😀😀`);
    expect(cut.length).toBeLessThanOrEqual(MAX_REASON);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
