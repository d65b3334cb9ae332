// Per-user limits on the tool path, shared by every lane (issue 7, point 5).
export { createFairness, type Admission, type Fairness, type FairnessOptions } from './fairness';
export { callerKey } from './caller-key';
export { CallLimitedError, type CallLimit } from './call-limited-error';
