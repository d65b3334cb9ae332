// The bench's command line and round order: every phase by default, unknown phases refused with the usage
// text, and A B B A interleaving so that drift during a run hits every target alike.
import { abba } from '../../bench/rounds';
import { parseSettings } from '../../bench/settings';

const PHASES = ['sse', 'mcp', 'sweep', 'slow'];

describe('bench settings', () => {
  it('run every default phase, in order, when --phases is not given', () => {
    const settings = parseSettings([], PHASES, ['sweep-mcp']);
    expect(settings).toMatchObject({ quick: false, phases: PHASES, concurrentMs: 4000, idleCounts: [1000, 5000] });
  });

  it('--phases picks and orders phases, optional ones included', () => {
    expect(parseSettings(['--phases', 'slow,sweep-mcp', '--quick'], PHASES, ['sweep-mcp'])).toMatchObject({
      quick: true,
      phases: ['slow', 'sweep-mcp'],
    });
  });

  it('an unknown phase is refused with the usage text naming it', () => {
    expect(() => parseSettings(['--phases', 'sse,nope'], PHASES)).toThrow(/unknown phase\(s\): nope[\s\S]*Usage/);
  });

  it('--upstream-connections must be a whole number', () => {
    expect(() => parseSettings(['--upstream-connections', 'many'], PHASES)).toThrow(/Usage/);
    expect(parseSettings(['--upstream-connections', '0'], PHASES)).toMatchObject({ upstreamConnections: '0' });
  });

  it('--node-flags are split into arguments; none by default', () => {
    expect(parseSettings([], PHASES)).toMatchObject({ nodeFlags: [] });
    expect(parseSettings(['--node-flags=--max-semi-space-size=64  --stack-size=2000'], PHASES)).toMatchObject({
      nodeFlags: ['--max-semi-space-size=64', '--stack-size=2000'],
    });
  });
});

describe('abba', () => {
  it('mirrors the targets so each sits symmetrically around the middle of the run', () => {
    expect(abba(['floor', 'ours', 'limit'])).toEqual(['floor', 'ours', 'limit', 'limit', 'ours', 'floor']);
  });
});
