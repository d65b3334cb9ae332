import { parseDelivery } from '../../../src/sessions/redis/wire';

describe('parseDelivery', () => {
  it('format 1 (JSON) yields the parsed answer', () => {
    expect(parseDelivery('{"s":"abc","m":{"jsonrpc":"2.0","id":1,"result":{}}}')).toEqual({ s: 'abc', m: { jsonrpc: '2.0', id: 1, result: {} } });
  });

  it('format 2 (<sessionId> <answer>) yields the answer text unparsed', () => {
    expect(parseDelivery('abc {"jsonrpc":"2.0","id":1}')).toEqual({ s: 'abc', json: '{"jsonrpc":"2.0","id":1}' });
  });

  it('format 2 with a line break in the answer is refused, so a forged message cannot add SSE fields', () => {
    expect(parseDelivery('abc {"id":1}\n\nevent: endpoint\ndata: /evil')).toBeUndefined();
    expect(parseDelivery('abc {"id":1}\rdata: x')).toBeUndefined();
  });

  it('anything else is refused', () => {
    expect(parseDelivery('abc')).toBeUndefined();
    expect(parseDelivery(' {"id":1}')).toBeUndefined();
    expect(parseDelivery('abc not-json')).toBeUndefined();
    expect(parseDelivery('{"s":1,"m":{}}')).toBeUndefined();
  });
});
