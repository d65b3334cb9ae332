// The local authorization server (issue 25): for `npm run auth-server` and the template's OAuth tests.
export { startAuthorizationServer, TOKEN_EXCHANGE_GRANT, TEST_USER_GRANT, type AuthorizationServer, type AuthServerOptions, type ResourceSettings, type TestClient, type ServedRequest } from './authorization-server';
export { DEMO_USERS, type DemoUser } from './demo-users';
