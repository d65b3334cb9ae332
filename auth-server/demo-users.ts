// The people who can sign in at the local authorization server (`npm run auth-server`). Demo accounts for
// development only: the passwords are printed in the banner and written here on purpose.

export interface DemoUser {
  /** What the user types at the sign-in page; also the `sub` of their tokens. */
  readonly login: string;
  readonly password: string;
  readonly name: string;
}

export const DEMO_USERS: readonly DemoUser[] = Object.freeze([
  { login: 'alice', password: 'alice-demo', name: 'Alice (orders clerk)' },
  { login: 'bob', password: 'bob-demo', name: 'Bob (warehouse)' },
]);
