import { hkdfSync } from 'node:crypto';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { mergeRegistries, type OperationRegistry } from './http/operation-registry';
import type { Actor } from './permissions/actor';
import { PermissionEngine } from './permissions/permission-engine';
import { abacOperations } from './modules/abac/abac.routes';
import { accountsOperations } from './modules/accounts/accounts.routes';
import { authenticate, type AccountsDeps } from './modules/accounts/accounts.service';
import { auditOperations } from './modules/audit/audit.routes';
import { customRolesOperations } from './modules/custom-roles/custom-roles.routes';
import { consoleEventsOperations } from './modules/console-events/console-events.routes';
import { docsOperations } from './modules/docs/docs.routes';
import { namespacePermissionsOperations } from './modules/namespace-permissions/namespace-permissions.routes';
import { namespaceGrantLoader } from './modules/namespace-permissions/namespace-permissions.service';
import { namespacesOperations } from './modules/namespaces/namespaces.routes';
import { notificationsFeedOperations } from './modules/notifications-feed/notifications-feed.routes';
import { programmaticUsersOperations } from './modules/programmatic-users/programmatic-users.routes';
import { authenticateProgrammaticToken } from './modules/programmatic-users/programmatic-users.service';
import { organizationUsersOperations } from './modules/organization-users/organization-users.routes';
import { organizationOperations } from './modules/organization/organization.routes';
import { runnersOperations } from './modules/runners/runners.routes';
import { teamsOperations } from './modules/teams/teams.routes';

export type ComposeConfig = Pick<Config, 'sessionTtlHours' | 'docs'>;

export interface ComposedOperations {
  registry: OperationRegistry;
  engine: PermissionEngine;
  authenticate: (token: string) => Promise<Actor | null>;
}

/** Wires every module's services to their dependencies: the composition root of the API. */
export function composeOperations(db: Database, masterKey: Buffer, config: ComposeConfig): ComposedOperations {
  // Namespace-only users act where namespace permissions grant them (IAM module).
  const engine = new PermissionEngine(namespaceGrantLoader(db));
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
    teamsOperations({ db, engine }),
    customRolesOperations({ db, engine }),
    programmaticUsersOperations({ db, engine }),
    abacOperations({ db, engine }),
    namespacePermissionsOperations({ db, engine }),
    organizationUsersOperations({ db, engine }),
  );
  // Programmatic tokens carry their own prefix (crypto/opaque-token), so the lookup is chosen by it.
  const authenticateAny = (token: string) =>
    token.startsWith('tpu_') ? authenticateProgrammaticToken(db, token) : authenticate(accounts, token);
  return { registry, engine, authenticate: authenticateAny };
}
