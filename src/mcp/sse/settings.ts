// Settings of the hub's lane: how many SSE streams, per client and in all, and how each is kept alive and
// bounded. Composed by src/config.ts.
import { type SettingsOf, int } from '../../config-fields';

export const settings = {
  SSE_KEEPALIVE_MS: int(1000, 15_000),
  MAX_SESSIONS: int(1, 10_000),
  MAX_STREAMS_PER_CLIENT: int(1, 2_500),
  SSE_IDLE_TIMEOUT_MS: int(0, 1_800_000),
  SSE_MAX_BUFFERED_BYTES: int(65_536, 8_388_608),
  SSE_MAX_TOTAL_BUFFERED_BYTES: int(1_048_576, 268_435_456),
};

export function build(s: SettingsOf<typeof settings>) {
  return {
    sseKeepAliveMs: s.SSE_KEEPALIVE_MS,
    maxSessions: s.MAX_SESSIONS,
    streams: Object.freeze({
      maxStreams: s.MAX_SESSIONS,
      maxStreamsPerClient: Math.min(s.MAX_STREAMS_PER_CLIENT, s.MAX_SESSIONS),
      maxBufferedBytes: s.SSE_MAX_BUFFERED_BYTES,
      maxTotalBufferedBytes: s.SSE_MAX_TOTAL_BUFFERED_BYTES,
      keepAliveMs: s.SSE_KEEPALIVE_MS,
      idleTimeoutMs: s.SSE_IDLE_TIMEOUT_MS,
    }),
  };
}
