// Test helpers for tool authors: `import { startFakeApi, startToolServer } from '../src/tools/testing';`
// Kept apart from src/tools so the server never loads test code.
export { startFakeApi, type FakeApi, type FakeRequest, type FakeResponse, type FakeRoutes } from './fake-api';
export { startToolServer, type CallOutcome, type TestServer, type TestServerOptions } from './tool-server';
