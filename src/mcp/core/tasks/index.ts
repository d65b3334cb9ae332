export { createTasks, type Tasks, type TasksOptions } from './tasks';
export { DEFAULT_TASK_LIMITS, type TaskLimits } from './store';
export { RUNNER_GONE, TASKS_EXTENSION, type TaskRecord, type TaskStatus } from './record';
