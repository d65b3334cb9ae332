export { checkHealth, mountHealthRoute, type HealthCheck, type HealthOptions, type HealthReport } from './health';
export { customerApiCheck } from './customer-api-check';
export { mountProbeRoutes, PROBE_PATHS, type ProbeOptions } from './probes';
