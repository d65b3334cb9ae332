// Per-user limits on the tool path, shared by every lane, and per-client limits on
// request bodies being received.
export { createFairness, type Admission, type Fairness, type FairnessOptions } from './fairness';
export { callerKey } from './caller-key';
export { CallLimitedError, type CallLimit } from './call-limited-error';
export { createBodySlots, type BodyRefusal, type BodySlot, type BodySlots, type BodySlotsOptions } from './body-slots';
