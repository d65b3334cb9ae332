// Every core of one machine (WORKERS): the primary, and the bus a worker uses without Redis.
export { ClusterBus, type PrimaryChannel } from './cluster-bus';
export { runPrimary, type PrimaryOptions } from './primary';
export { SessionRelay } from './relay';
