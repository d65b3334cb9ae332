export { BusUnavailableError, SerializedMessage, type AnnouncementListener, type Location, type SessionBus, type StreamSink } from './bus';
export { CallTracker } from './calls';
export { MemoryBus } from './memory-bus';
export { OnceClaims } from './once-claims';
export { RecordStore } from './records';
