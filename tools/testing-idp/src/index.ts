export { freePort } from './free-port';
export { startTestOidcProvider, type TestAccount, type TestOidcProvider } from './test-oidc-provider';
