// The local authorization server: for `npm run auth-server` and the template's OAuth tests.
export { startAuthorizationServer, TOKEN_EXCHANGE_GRANT, TEST_USER_GRANT, JWT_BEARER_GRANT, ID_JAG_TYP, type AuthorizationServer, type AuthServerOptions, type EnterpriseIdp, type GrantLog, type MachineClient, type ResourceSettings, type TestClient, type ServedRequest } from './authorization-server';
export { DEMO_USERS, type DemoUser } from './demo-users';
