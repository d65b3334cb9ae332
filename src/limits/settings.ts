// Settings of fair sharing between users (src/limits): calls in flight, calls a minute, burst; 0 turns a
// limit off. Composed by src/config.ts.
import { type SettingsOf, int } from '../config-fields';

export const settings = {
  USER_MAX_IN_FLIGHT: int(0, 16),
  USER_CALLS_PER_MINUTE: int(0, 300),
  USER_CALL_BURST: int(1, 60),
};

export function build(s: SettingsOf<typeof settings>) {
  return {
    limits: Object.freeze({ maxInFlight: s.USER_MAX_IN_FLIGHT, callsPerMinute: s.USER_CALLS_PER_MINUTE, burst: s.USER_CALL_BURST }),
  };
}
