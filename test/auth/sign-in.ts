// A user's side of the authorization-code flow without a browser: the in-memory client
// provider and the form-filling "browser" of `npm run sign-in` (cli/sign-in/), shared with the OAuth tests.
export { REDIRECT_URI, RememberingProvider } from '../../cli/sign-in/provider';
export { signInAndConsent } from '../../cli/sign-in/form';
