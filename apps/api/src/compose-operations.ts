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
import { controlPoliciesOperations } from './modules/control-policies/control-policies.routes';
import {
  controlPoliciesForJob,
  recordPoliciesForRun,
  removePoliciesOfNamespace,
  removePoliciesOfStack,
  type ControlPoliciesDeps,
} from './modules/control-policies/control-policies.service';
import { readRegoFiles } from './modules/control-policies/rego-files';
import { dashboardOperations } from './modules/dashboard/dashboard.routes';
import { docsOperations } from './modules/docs/docs.routes';
import { namespacesOperations } from './modules/namespaces/namespaces.routes';
import { holdNamespace, namespaceExists, type NamespacesDeps } from './modules/namespaces/namespaces.service';
import { removeNamespacePermissionsOn } from './modules/iam/namespace-permissions.service';
import { variablesOperations } from './modules/variables/variables.routes';
import { removeVariablesOf, upsertVariables, variableKeysAt, variablesForRun, variablesInNamespace, type VariablesDeps } from './modules/variables/variables.service';
import { stackDependenciesOperations } from './modules/stack-dependencies/stack-dependencies.routes';
import { removeDependenciesOf } from './modules/stack-dependencies/stack-dependencies.service';
import { templatesOperations } from './modules/templates/templates.routes';
import { openCleanupPullRequest, pullRequestClosed, type BlueprintsDeps } from './modules/templates/blueprints.service';
import { blueprintExists, maxTtlOfTemplate, recordStackRemoval, templateExists } from './modules/templates/templates.service';
import { stacksOperations } from './modules/stacks/stacks.routes';
import {
  checkStackSettings,
  createStackFor,
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
import { runnerProtocolOperations } from './modules/runners/runner-protocol.routes';
import { AppendsInProgress, resolveJobToken, type RunnerProtocolDeps } from './modules/runners/runner-protocol.service';
import { RunnerEvents } from './modules/runners/runner-events';
import { liveJobsByGroup } from './modules/runs/run-jobs.service';
import type pg from 'pg';
import { runsOperations } from './modules/runs/runs.routes';
import { getRemoteRunDetails, type RunsDeps } from './modules/runs/runs.service';
import { teamIdsOfUser } from './modules/iam/teams.service';
import { ssoOperations } from './modules/sso/sso.routes';
import { sshKeysOperations } from './modules/ssh-keys/ssh-keys.routes';
import { primarySshPrivateKey } from './modules/ssh-keys/ssh-keys.service';
import { terraformLoginOperations } from './modules/terraform-login/terraform-login.routes';
import { releaseJobStateLocks, removeStateOf } from './modules/terraform-state/state-history.service';
import { terraformStateOperations } from './modules/terraform-state/terraform-state.routes';
import type { JobTokenGrant } from './modules/terraform-state/terraform-state.service';
import { vcsOperations } from './modules/vcs/vcs.routes';
import { hostOf, openProvider, RepositoryCache, vcsProviderExists, type VcsDeps } from './modules/vcs/vcs.service';
import { iacDirectoriesOf, repositoryRemote } from './modules/vcs/vcs-repos.service';
import { stackDiscoveryOperations } from './modules/stack-discovery/stack-discovery.routes';
import { DiscoveryScans, rescanOnPush, type StackDiscoveryDeps } from './modules/stack-discovery/stack-discovery.service';
import type { PullRequestCommentDeps } from './modules/vcs/pr-comments.service';
import { driftOperations } from './modules/drift/drift.routes';
import { driftRunEnded, type DriftDeps } from './modules/drift/drift.service';

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
  /** The runner protocol (the managed runner and the runner sweeper use it); `events.stop()` on shutdown. */
  runnerProtocol: RunnerProtocolDeps;
  /** The drift domain's dependencies, for its scheduled tick (background-jobs.ts). */
  drift: DriftDeps;
  /** Stack discovery's scans: sent to the job queue once it runs (server.ts); tests without one wait for them. */
  discoveryScans: DiscoveryScans;
  /** Stack discovery's dependencies, for its jobs (a scan, the sweep: background-jobs.ts). */
  discovery: StackDiscoveryDeps;
  /** The templates and blueprints domain's dependencies, for its time-to-live job. */
  templates: BlueprintsDeps;
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
    // A deleted stack takes its own variables, the permissions granted on it, its state, its policy
    // results and mappings, and its dependency edges along; one made from a template or blueprint
    // gets its stackDeleted event.
    removeWithStack: async (scope, initiator, stack) => {
      await removeVariablesOf(scope, initiator, { scope: 'stack', scopeId: stack.id });
      await removeNamespacePermissionsOn(scope, initiator, { stackId: stack.id });
      await removeStateOf(scope, initiator, stack.id, stack.name);
      await removePoliciesOfStack(scope, initiator, stack.id);
      await removeDependenciesOf(scope, initiator, stack.id);
      await recordStackRemoval(scope, initiator, stack.id);
    },
    maxTtlOfTemplate: (organizationId, templateId) => maxTtlOfTemplate({ db }, organizationId, templateId),
    openCleanupPullRequest: (actor, stack) => openCleanupPullRequest(templates, actor, stack),
  };
  // A namespace is deleted only empty of stacks and variables; the permissions on it go with it.
  const namespaces: NamespacesDeps = {
    db,
    engine,
    contentsOf: async (scope, namespaceId) => [await stacksInNamespace(scope, namespaceId), await variablesInNamespace(scope, namespaceId)],
    removeWith: async (scope, initiator, namespaceId) => {
      await removeNamespacePermissionsOn(scope, initiator, { namespaceId });
      await removePoliciesOfNamespace(scope, initiator, namespaceId);
    },
  };
  const variables: VariablesDeps = {
    db,
    engine,
    envelope,
    // Templates and blueprints are reached once their modules exist; until then they are not found.
    findScopeTarget: async (organizationId, scope, scopeId) => {
      if (scope === 'namespace') return (await namespaceExists(db, organizationId, scopeId)) ? { namespaceId: scopeId } : null;
      if (scope === 'stack') return stackPlacement({ db }, organizationId, scopeId);
      if (scope === 'template') return (await templateExists({ db }, organizationId, scopeId)) ? { templateId: scopeId } : null;
      if (scope === 'blueprint') return (await blueprintExists({ db }, organizationId, scopeId)) ? {} : null;
      return null;
    },
    // A variable being created holds its namespace or stack, so neither is deleted under it.
    holdScopeTarget: async (scope, ref) => {
      if (ref.scope === 'namespace' && ref.scopeId) return holdNamespace(scope, ref.scopeId);
      if (ref.scope === 'stack' && ref.scopeId) return holdStack(scope, ref.scopeId);
      return undefined;
    },
  };
  // Control policies: checked in every deployment's plan phase (the runs module's hook below).
  const controlPolicies: ControlPoliciesDeps = {
    db,
    engine,
    namespaceExists: (organizationId, namespaceId) => namespaceExists(db, organizationId, namespaceId),
    stackPlacement: (organizationId, stackId) => stackPlacement({ db }, organizationId, stackId),
    readRegoFiles: (organizationId, vcsInfo) =>
      readRegoFiles(git, vcsInfo, async () => {
        if (!(await vcsProviderExists(vcs, organizationId, vcsInfo.providerId))) throw new Error(`VCS provider not found: ${vcsInfo.providerId}`);
        return repositoryRemote(vcs, organizationId, vcsInfo.providerId, vcsInfo.repoName);
      }),
  };
  // Runs: the user operations here; the runner protocol reaches the same deps through run-jobs.service.
  const runs: RunsDeps = {
    controlPoliciesForJob: (organizationId, run) => controlPoliciesForJob(controlPolicies, organizationId, run),
    recordControlPolicies: (scope, input) => recordPoliciesForRun(scope, input.run, input.job, input.reported),
    db,
    engine,
    envelope,
    repositoryRemote: (organizationId, providerId, repoName) => repositoryRemote(vcs, organizationId, providerId, repoName),
    variablesForRun: (organizationId, stackId) => variablesForRun(variables, organizationId, stackId),
    teamIdsOfUser: (organizationId, userId) => teamIdsOfUser(db, organizationId, userId),
  };
  // An OPA result is read by whoever may read its run.
  controlPolicies.requireRunReadable = (actor, runId) => getRemoteRunDetails(runs, actor, runId);
  // Drift: checks and remediations are runs; a run's end classifies its check or starts one after an apply.
  const drift: DriftDeps = { db, engine, runs, logger };
  runs.onRunEnded = (t, run) => driftRunEnded(drift, t, run);
  const discovery: StackDiscoveryDeps = {
    db,
    engine,
    vcsProviderExists: (organizationId, providerId) => vcsProviderExists(vcs, organizationId, providerId),
    namespaceExists: (organizationId, namespaceId) => namespaceExists(db, organizationId, namespaceId),
    iacDirectories: (organizationId, providerId, repoName, branch) => iacDirectoriesOf(vcs, organizationId, providerId, repoName, branch),
    createStack: (organizationId, author, input) => createStackFor(stacks, organizationId, author, input),
    checkStackSettings: (organizationId, namespaceId, data, prefix) => checkStackSettings(stacks, organizationId, namespaceId, data, prefix),
    scans: new DiscoveryScans(),
    logger,
  };
  // Templates and blueprints make stacks through the stacks service, runs through the runs
  // domain, and pull requests through the code host's API.
  const templates: BlueprintsDeps = {
    db,
    engine,
    stacks,
    runs,
    vcsProviderExists: (organizationId, providerId) => vcsProviderExists(vcs, organizationId, providerId),
    namespaceExists: (organizationId, namespaceId) => namespaceExists(db, organizationId, namespaceId),
    setStackVariables: async (actor, stackId, values) => {
      await upsertVariables(variables, actor, {
        scope: 'stack',
        scopeId: stackId,
        variables: values.map((v) => ({ key: v.key, value: v.value, type: v.type ?? 'tfVar', ...(v.isSensitive !== undefined ? { isSensitive: v.isSensitive } : {}) })),
      });
    },
    openPullRequest: async (organizationId, providerId, change) => {
      const provider = await openProvider(vcs, organizationId, providerId);
      return hostOf(vcs, provider.settings, 'entity').openPullRequest(change, AbortSignal.timeout(120_000));
    },
    openRepository: async (organizationId, providerId, repoName, branch) =>
      git.openSnapshot(await repositoryRemote(vcs, organizationId, providerId, repoName), branch, AbortSignal.timeout(120_000)),
  };
  // The shipped list answers at once; the official indexes are read in the background when the
  // network allows (never during a request), unless IAC_VERSIONS_REFRESH=off.
  // One LISTEN connection per process for the runner protocol's wake-ups and the run log streams.
  const events = new RunnerEvents((db as unknown as { $client?: pg.Pool }).$client ?? null);
  const runnerProtocol: RunnerProtocolDeps = {
    db,
    envelope,
    runs,
    events,
    appendsInProgress: new AppendsInProgress(),
    releaseJobStateLocks: (organizationId, jobId) => releaseJobStateLocks({ db }, organizationId, jobId),
  };
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
    runnersOperations({ db, engine, activeJobsByGroup: (organizationId) => liveJobsByGroup({ db }, organizationId) }),
    runnerProtocolOperations({ ...runnerProtocol, stream: { db, envelope, runs, events } }),
    sshKeysOperations({ db, engine, envelope }),
    vcsOperations({
      ...vcs,
      runs,
      logger,
      onPush: (organizationId, providerId, pushes) => rescanOnPush(discovery, organizationId, providerId, pushes),
      // A merged (or closed) pull request may be a blueprint stack's: it initialises (or fails).
      onPullRequestClosed: (event) => pullRequestClosed(templates, event),
    }),
    stackDiscoveryOperations(discovery),
    templatesOperations(templates),
    terraformStateOperations({
      db,
      engine,
      envelope,
      authenticate: authenticateActor,
      stackPlacement: (organizationId, stackId) => stackPlacement({ db }, organizationId, stackId),
      // The runner protocol's job tokens (a test may pass its own resolver).
      resolveJobToken: config.resolveJobToken ?? ((token) => resolveJobToken(runnerProtocol, token)),
    }),
    terraformLoginOperations({ db, engine, issueToken: (grant, input) => issuePersonalAccessToken(accounts, grant, input) }),
    variablesOperations({ ...variables, git, resolveRepository: (organizationId, providerId, repoName) => repositoryRemote(vcs, organizationId, providerId, repoName) }),
    runsOperations(runs),
    controlPoliciesOperations(controlPolicies),
    driftOperations(drift),
    stackDependenciesOperations({
      db,
      engine,
      envelope,
      stackVariableKeys: async (organizationId, stackId) => new Set((await variableKeysAt(db, organizationId, { scope: 'stack', scopeId: stackId })).keys()),
    }),
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
    runnerProtocol,
    drift,
    discoveryScans: discovery.scans,
    discovery,
    templates,
  };
}
