export { BusUnavailableError, SerializedMessage, type Location, type SessionBus, type StreamSink } from './bus';
export { CallTracker } from './calls';
export { MemoryBus } from './memory-bus';
