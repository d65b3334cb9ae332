export { checkHealth, mountHealthRoute, type HealthCheck, type HealthOptions, type HealthReport } from './health';
export { customerApiCheck } from './customer-api-check';
