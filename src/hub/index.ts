// The hub integration's public surface: the client of the hub's endpoints, its errors and key settings.
export { createHubClient, type HubClient, type HubClientOptions } from './client';
export * from './errors';
export {
  assertHubKeys,
  HUB_KEY_SETTINGS,
  HUB_SCOPES,
  SCOPED_KEY_PREFIX,
  scopedKeySchema,
  type HubKeyName,
  type HubKeys,
  type HubScope,
} from './keys';
export type * from './types';
