import { hkdfSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitClient } from '@terrace/git';
import type { FastifyBaseLogger } from 'fastify';
import { invitationsOperations } from './modules/invitations/invitations.routes';
import { createAccessLoader } from './modules/iam/access-loader';
import { iamOperations } from './modules/iam/iam.routes';
import { createMailer } from './modules/mail/mailer';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { mergeRegistries, type OperationRegistry } from './http/operation-registry';
import type { Actor } from './permissions/actor';
import { PermissionEngine } from './permissions/permission-engine';
import { accountsOperations } from './modules/accounts/accounts.routes';
import { createAzureMarketplaceClient } from './modules/accounts/azure-marketplace';
import type { AccountsDeps } from './modules/accounts/accounts.service';
import { authenticate } from './modules/accounts/sessions.service';
import { issuePersonalAccessToken } from './modules/accounts/personal-access-tokens.service';
import { ActorCache } from './modules/accounts/actor-cache';
import { defaultGuessingLimits } from './modules/accounts/guessing';
import { mfaOperations } from './modules/accounts/mfa.routes';
import { userProfileOperations } from './modules/accounts/user-profile.routes';
import { SecretEnvelope } from './crypto/secret-envelope';
import { auditOperations } from './modules/audit/audit.routes';
import { consoleEventsOperations } from './modules/console-events/console-events.routes';
import { dashboardOperations } from './modules/dashboard/dashboard.routes';
import { docsOperations } from './modules/docs/docs.routes';
import { namespacesOperations } from './modules/namespaces/namespaces.routes';
import { holdNamespace, namespaceExists, type NamespacesDeps } from './modules/namespaces/namespaces.service';
import { removeNamespacePermissionsOn } from './modules/iam/namespace-permissions.service';
import { variablesOperations } from './modules/variables/variables.routes';
import { removeVariablesOf, variablesForRun, variablesInNamespace, type VariablesDeps } from './modules/variables/variables.service';
import { stacksOperations } from './modules/stacks/stacks.routes';
import {
  holdStack,
  stackCodeLocation,
  stackPlacement,
  stacksInNamespace,
  stacksUsingVcsProvider,
  type StacksDeps,
} from './modules/stacks/stacks.service';
import { IacVersionCatalog } from './modules/iac-versions/iac-version-catalog';
import { iacVersionsOperations } from './modules/iac-versions/iac-versions.routes';
import { notificationsFeedOperations } from './modules/notifications-feed/notifications-feed.routes';
import { organizationOperations } from './modules/organization/organization.routes';
import { runnersOperations } from './modules/runners/runners.routes';
import { runsOperations } from './modules/runs/runs.routes';
import type { RunsDeps } from './modules/runs/runs.service';
import { teamIdsOfUser } from './modules/iam/teams.service';
import { ssoOperations } from './modules/sso/sso.routes';
import { sshKeysOperations } from './modules/ssh-keys/ssh-keys.routes';
import { primarySshPrivateKey } from './modules/ssh-keys/ssh-keys.service';
import { terraformLoginOperations } from './modules/terraform-login/terraform-login.routes';
import { removeStateOf } from './modules/terraform-state/state-history.service';
import { terraformStateOperations } from './modules/terraform-state/terraform-state.routes';
import type { JobTokenGrant } from './modules/terraform-state/terraform-state.service';
import { vcsOperations } from './modules/vcs/vcs.routes';
import { RepositoryCache, vcsProviderExists, type VcsDeps } from './modules/vcs/vcs.service';
import { repositoryRemote } from './modules/vcs/vcs-repos.service';
import type { PullRequestCommentDeps } from './modules/vcs/pr-comments.service';

export type ComposeConfig = Pick<Config, 'sessionTtlHours' | 'docs' | 'mail' | 'publicUrl'> &
  Partial<Pick<Config, 'azureMarketplace' | 'guessing' | 'vcs'>> & {
    /** Job tokens for the state backend (the runner protocol's; tests pass their own). */
    resolveJobToken?: (token: string) => Promise<JobTokenGrant | null>;
  };

export interface ComposedOperations {
  registry: OperationRegistry;
  engine: PermissionEngine;
  authenticate: (token: string) => Promise<Actor | null>;
  /** Called after an operation that may change who an actor is (see ActorCache). */
  actorsChanged: () => void;
  /** The runs domain's dependencies, for the runner protocol and the sweepers (run-jobs.service). */
  runs: RunsDeps;
  /** What posts pull-request plans' summaries back to the code host (vcs pr-comments.service). */
  planComments: PullRequestCommentDeps;
}

/** Wires every module's services to their dependencies: the composition root of the API. */
export function composeOperations(
  db: Database,
  masterKey: Buffer,
  config: ComposeConfig,
  logger: FastifyBaseLogger,
): ComposedOperations {
  const engine = new PermissionEngine(createAccessLoader(db));
  const accounts: AccountsDeps = { db, engine, sessionTtlHours: config.sessionTtlHours, guessing: config.guessing ?? defaultGuessingLimits };
  // Without a configured secret the docs key is derived from the master key, so it survives restarts.
  const docsSecret = config.docs.jwtSecret
    ? Buffer.from(config.docs.jwtSecret, 'utf8')
    : Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'terrace/docs-jwt', 32));
  const envelope = new SecretEnvelope(masterKey);
  const mailer = createMailer(config.mail, db, logger);
  const git = new GitClient({ workRoot: config.vcs?.gitWorkRoot ?? join(tmpdir(), 'terrace-git'), timeoutMs: 120_000 });
  const vcs: VcsDeps = {
    db,
    engine,
    envelope,
    endpoints: config.vcs?.endpoints ?? {},
    git,
    publicUrl: config.publicUrl,
    primarySshKey: (organizationId) => primarySshPrivateKey({ db, envelope }, organizationId),
    repositoryCache: new RepositoryCache(),
    stacksUsingProvider: (organizationId, providerId) => stacksUsingVcsProvider({ db }, organizationId, providerId),
  };
  const stacks: StacksDeps = {
    db,
    engine,
    vcsProviderExists: (organizationId, providerId) => vcsProviderExists(vcs, organizationId, providerId),
    // A deleted stack takes its own variables, the permissions granted on it and its state along.
    removeWithStack: async (scope, initiator, stack) => {
      await removeVariablesOf(scope, initiator, { scope: 'stack', scopeId: stack.id });
      await removeNamespacePermissionsOn(scope, initiator, { stackId: stack.id });
      await removeStateOf(scope, initiator, stack.id, stack.name);
    },
  };
  // A namespace is deleted only empty of stacks and variables; the permissions on it go with it.
  const namespaces: NamespacesDeps = {
    db,
    engine,
    contentsOf: async (scope, namespaceId) => [await stacksInNamespace(scope, namespaceId), await variablesInNamespace(scope, namespaceId)],
    removeWith: (scope, initiator, namespaceId) => removeNamespacePermissionsOn(scope, initiator, { namespaceId }),
  };
  const variables: VariablesDeps = {
    db,
    engine,
    envelope,
    // Templates and blueprints are reached once their modules exist; until then they are not found.
    findScopeTarget: async (organizationId, scope, scopeId) => {
      if (scope === 'namespace') return (await namespaceExists(db, organizationId, scopeId)) ? { namespaceId: scopeId } : null;
      if (scope === 'stack') return stackPlacement({ db }, organizationId, scopeId);
      return null;
    },
    // A variable being created holds its namespace or stack, so neither is deleted under it.
    holdScopeTarget: async (scope, ref) => {
      if (ref.scope === 'namespace' && ref.scopeId) return holdNamespace(scope, ref.scopeId);
      if (ref.scope === 'stack' && ref.scopeId) return holdStack(scope, ref.scopeId);
      return undefined;
    },
  };
  // Runs: the user operations here; the runner protocol reaches the same deps through run-jobs.service.
  const runs: RunsDeps = {
    db,
    engine,
    envelope,
    repositoryRemote: (organizationId, providerId, repoName) => repositoryRemote(vcs, organizationId, providerId, repoName),
    variablesForRun: (organizationId, stackId) => variablesForRun(variables, organizationId, stackId),
    teamIdsOfUser: (organizationId, userId) => teamIdsOfUser(db, organizationId, userId),
  };
  // The shipped list answers at once; the official indexes are read in the background when the
  // network allows (never during a request), unless IAC_VERSIONS_REFRESH=off.
  const iacVersions = new IacVersionCatalog({
    onRefreshError: (source, error) => logger.debug({ url: source.url, err: String(error) }, 'IaC version index not reachable'),
  });
  if (process.env['IAC_VERSIONS_REFRESH'] !== 'off') iacVersions.start();
  const actors = new ActorCache();
  const authenticateActor = (token: string) => actors.resolve(token, (t) => authenticate(accounts, t));
  const registry = mergeRegistries(
    accountsOperations({
      ...accounts,
      azureMarketplace: config.azureMarketplace ? createAzureMarketplaceClient(config.azureMarketplace) : undefined,
    }),
    mfaOperations({ ...accounts, envelope, mailer, publicUrl: config.publicUrl }),
    userProfileOperations(accounts),
    invitationsOperations({ ...accounts, mailer, publicUrl: config.publicUrl }),
    organizationOperations({ db, engine }),
    namespacesOperations(namespaces),
    stacksOperations(stacks),
    iacVersionsOperations({
      catalog: iacVersions,
      stackCodeLocation: (actor, stackId) => stackCodeLocation(stacks, actor, stackId),
      resolveRemote: async (organizationId, providerId, repoName) =>
        (await vcsProviderExists(vcs, organizationId, providerId)) ? repositoryRemote(vcs, organizationId, providerId, repoName) : undefined,
      git,
    }),
    iamOperations({ db, engine }),
    auditOperations({ db, engine }),
    consoleEventsOperations({ db, engine }),
    dashboardOperations({ db, engine }),
    docsOperations({ engine, jwtSecret: docsSecret, tokenTtlSeconds: config.docs.tokenTtlSeconds }),
    notificationsFeedOperations({ engine }),
    runnersOperations({ db, engine }),
    sshKeysOperations({ db, engine, envelope }),
    vcsOperations({ ...vcs, runs, logger }),
    terraformStateOperations({
      db,
      engine,
      envelope,
      authenticate: authenticateActor,
      stackPlacement: (organizationId, stackId) => stackPlacement({ db }, organizationId, stackId),
      resolveJobToken: config.resolveJobToken,
    }),
    terraformLoginOperations({ db, engine, issueToken: (grant, input) => issuePersonalAccessToken(accounts, grant, input) }),
    variablesOperations({ ...variables, git, resolveRepository: (organizationId, providerId, repoName) => repositoryRemote(vcs, organizationId, providerId, repoName) }),
    runsOperations(runs),
    ssoOperations({
      ...accounts,
      envelope,
      // The console and the API share PUBLIC_URL (the API under /api), as `npm start` serves them.
      urls: { console: config.publicUrl, api: `${config.publicUrl.replace(/\/$/, '')}/api` },
    }),
  );
  return {
    registry,
    engine,
    authenticate: authenticateActor,
    actorsChanged: () => actors.clear(),
    runs,
    planComments: { ...vcs, runs },
  };
}
