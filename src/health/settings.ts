// Settings of GET /health: whether it may simulate an outage, and how long each dependency check may take.
// Composed by src/config.ts.
import { type SettingsOf, int, oneOf } from '../config-fields';

export const settings = {
  HEALTH_SIMULATION: oneOf(['on', 'off']).default('on'),
  HEALTH_TIMEOUT_MS: int(100, 2_000),
};

export function build(s: SettingsOf<typeof settings>) {
  return { healthSimulation: s.HEALTH_SIMULATION === 'on', healthTimeoutMs: s.HEALTH_TIMEOUT_MS };
}
