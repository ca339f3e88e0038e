import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      apiRootPort: undefined,
      databaseUrl: undefined,
      embeddedPgPort: 54329,
      bodyLimitBytes: 1024 * 1024,
      rateLimit: { max: 20, windowMs: 60_000 },
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.openapiPath).toMatch(/openapi\/dist\/openapi\.json$/);
  });

  it('names every invalid variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TERRACE_MASTER_KEY: 'short', TRUST_PROXY: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'TERRACE_MASTER_KEY', 'TRUST_PROXY']) expect(problems).toContain(name);
  });

  it('reads the guessing limits, with their documented defaults', () => {
    expect(loadConfig({}).guessing).toEqual({
      windowMs: 15 * 60_000,
      signInFailuresPerAccount: 10,
      signInFailuresPerAddress: 100,
      mfaFailuresPerSignIn: 5,
      mfaFailuresPerAccount: 10,
      mailWindowMs: 60 * 60_000,
      mailsPerRecipient: 5,
    });
    const set = loadConfig({ SIGN_IN_LIMIT_WINDOW_MINUTES: '5', SIGN_IN_FAILURES_PER_ACCOUNT: '3', MAILS_PER_RECIPIENT: '2' }).guessing;
    expect(set).toMatchObject({ windowMs: 5 * 60_000, signInFailuresPerAccount: 3, mailsPerRecipient: 2 });
    expect(() => loadConfig({ SIGN_IN_FAILURES_PER_ADDRESS: '0' })).toThrow(/SIGN_IN_FAILURES_PER_ADDRESS/);
  });

  it('reads the git hosts’ API addresses from VCS_ENDPOINTS, and refuses a malformed value', () => {
    expect(loadConfig({}).vcs.endpoints).toEqual({});
    const config = loadConfig({ VCS_ENDPOINTS: '{"githubApi":"https://github.proxy.example/api","gitlab":"https://gitlab.proxy.example"}', GIT_WORK_DIR: '/tmp/git-work' });
    expect(config.vcs).toEqual({ endpoints: { githubApi: 'https://github.proxy.example/api', gitlab: 'https://gitlab.proxy.example' }, gitWorkRoot: '/tmp/git-work' });
    for (const bad of ['not json', '{"githubApi":"not a url"}', '{"elsewhere":"https://x.example"}']) {
      expect(() => loadConfig({ VCS_ENDPOINTS: bad }), bad).toThrow(/VCS_ENDPOINTS/);
    }
  });

  it('refuses the same port for both listeners', () => {
    expect(() => loadConfig({ PORT: '4000', API_ROOT_PORT: '4000' })).toThrow(/API_ROOT_PORT/);
  });

  it('reads the Azure Marketplace publisher credentials: all three or none', () => {
    expect(loadConfig({}).azureMarketplace).toBeUndefined();
    const credentials = { AZURE_MARKETPLACE_TENANT_ID: 't', AZURE_MARKETPLACE_CLIENT_ID: 'c', AZURE_MARKETPLACE_CLIENT_SECRET: 's' };
    expect(loadConfig(credentials).azureMarketplace).toEqual({
      tenantId: 't',
      clientId: 'c',
      clientSecret: 's',
      loginUrl: 'https://login.microsoftonline.com',
      apiUrl: 'https://marketplaceapi.microsoft.com',
    });
    expect(() => loadConfig({ AZURE_MARKETPLACE_TENANT_ID: 't' })).toThrow(/set all three or none/);
  });

  it('reads a 64-hex-digit master key and a DATABASE_URL', () => {
    const config = loadConfig({ TERRACE_MASTER_KEY: 'ab'.repeat(32), DATABASE_URL: 'postgres://u@h:5432/db', API_ROOT_PORT: '4001' });
    expect(config.masterKey).toBe('ab'.repeat(32));
    expect(config.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(config.apiRootPort).toBe(4001);
  });
});
