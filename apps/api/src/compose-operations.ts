import { hkdfSync } from 'node:crypto';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { mergeRegistries, type OperationRegistry } from './http/operation-registry';
import type { Actor } from './permissions/actor';
import { PermissionEngine } from './permissions/permission-engine';
import { accountsOperations } from './modules/accounts/accounts.routes';
import { authenticate, type AccountsDeps } from './modules/accounts/accounts.service';
import { auditOperations } from './modules/audit/audit.routes';
import { consoleEventsOperations } from './modules/console-events/console-events.routes';
import { docsOperations } from './modules/docs/docs.routes';
import { namespacesOperations } from './modules/namespaces/namespaces.routes';
import { notificationsFeedOperations } from './modules/notifications-feed/notifications-feed.routes';
import { organizationOperations } from './modules/organization/organization.routes';
import { runnersOperations } from './modules/runners/runners.routes';
import { ssoOperations } from './modules/sso/sso.routes';
import { SecretEnvelope } from './crypto/secret-envelope';

export type ComposeConfig = Pick<Config, 'sessionTtlHours' | 'docs'> & Partial<Pick<Config, 'publicUrl'>>;

export interface ComposedOperations {
  registry: OperationRegistry;
  engine: PermissionEngine;
  authenticate: (token: string) => Promise<Actor | null>;
}

/** Wires every module's services to their dependencies: the composition root of the API. */
export function composeOperations(db: Database, masterKey: Buffer, config: ComposeConfig): ComposedOperations {
  const engine = new PermissionEngine();
  const publicUrl = config.publicUrl ?? 'http://localhost:3000';
  const accounts: AccountsDeps = { db, engine, sessionTtlHours: config.sessionTtlHours };
  // Without a configured secret the docs key is derived from the master key, so it survives restarts.
  const docsSecret = config.docs.jwtSecret
    ? Buffer.from(config.docs.jwtSecret, 'utf8')
    : Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'terrace/docs-jwt', 32));
  const registry = mergeRegistries(
    accountsOperations(accounts),
    organizationOperations({ db, engine }),
    namespacesOperations({ db, engine }),
    auditOperations({ db, engine }),
    consoleEventsOperations({ db, engine }),
    docsOperations({ engine, jwtSecret: docsSecret, tokenTtlSeconds: config.docs.tokenTtlSeconds }),
    notificationsFeedOperations({ engine }),
    runnersOperations({ db, engine }),
    ssoOperations({
      ...accounts,
      envelope: new SecretEnvelope(masterKey),
      // The console and the API share PUBLIC_URL (the API under /api), as `npm start` serves them.
      urls: { console: publicUrl, api: `${publicUrl.replace(/\/$/, '')}/api` },
      // Teams are the IAM module's; until it maps IdP groups to teams, SSO users join none.
      resolveTeams: async () => [],
    }),
  );
  return { registry, engine, authenticate: (token) => authenticate(accounts, token) };
}
