// Starts the example customer API on its own socket (the tool server does this in development when
// CUSTOMER_API_URL is unset; tests do it on a free loopback port). REPLACE with your real API.
import { createServer, type Server } from 'node:http';
import { listen } from '../src/http/listen';
import { createExampleApi, type ExampleApi, type ExampleApiOptions } from './app';

export { DEMO_USERS, OAUTH_USERS } from './data';
export { createExampleApi, type ExampleApiOptions };
export type { ExampleApiOAuth } from './oauth';

export interface RunningExampleApi {
  url: string;
  server: Server;
  lastHeaders: ExampleApi['lastHeaders'];
  close(): Promise<void>;
}

export async function startExampleApi({ port = 0, host = '127.0.0.1', ...options }: { port?: number; host?: string } & ExampleApiOptions = {}): Promise<RunningExampleApi> {
  const { app, lastHeaders } = createExampleApi(options);
  return { ...(await listen(createServer(app), port, host)), lastHeaders };
}
