// Per-user limits on the tool path, shared by every lane (issue 7, point 5), and per-client limits on
// request bodies being received (issue 20).
export { createFairness, type Admission, type Fairness, type FairnessOptions } from './fairness';
export { callerKey } from './caller-key';
export { CallLimitedError, type CallLimit } from './call-limited-error';
export { createBodySlots, type BodyRefusal, type BodySlot, type BodySlots, type BodySlotsOptions } from './body-slots';
