import { isUniqueViolation } from '../../db/postgres-errors';
import type { Database } from '../../db/database';
import { Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { hashPassword, verifyDecoy, verifyPassword } from '../../crypto/password-hasher';
import { alreadyExists, badRequest, DomainError, forbidden, notFound } from '../../http/domain-error';
import type { Paging } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { findLiveProgrammaticToken, teamsOfUser, touchToken } from '../iam/iam.repository';
import { programmaticTokens } from '../iam/iam.schema';
import { sessions } from './accounts.schema';
import { personalAccessTokens } from './personal-access-tokens.schema';
import { organizationRoleOf } from '../iam/custom-role-assignment';
import { attempt, succeeded, throttles, type GuessingLimits } from './guessing';
import { AzurePurchaseNotFound, type AzureMarketplaceClient, type AzureSubscription } from './azure-marketplace';
import {
  findOrganization,
  findOrganizationByMarketplaceCustomer,
  findLiveCredential,
  findMembership,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertPendingSignIn,
  insertOrganization,
  insertSession,
  insertUser,
  listMembershipsOfUser,
  countAdmins,
  lockOrganization,
  deleteMembership,
  listOrganizationUsers,
  revokeSession,
  updateMembershipRole,
  type MembershipRow,
  type OrganizationRow,
  type UserRow,
} from './accounts.repository';

export interface AccountsDeps {
  db: Database;
  engine: PermissionEngine;
  sessionTtlHours: number;
  guessing: GuessingLimits;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  marketplaceCustomerId?: string;
}

const freeTrialDays = 14;

export function organizationSummary(org: OrganizationRow) {
  return {
    id: org.id,
    name: org.name,
    type: org.type,
    pricingPlan: org.pricingPlan,
    freeTrialExpiration: org.freeTrialExpiration?.toISOString() ?? null,
  };
}

export function currentUserView(user: UserRow, membership: MembershipRow, org: OrganizationRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    orgRole: membership.role,
    orgUserRole: membership.role,
    customRoleId: membership.customRoleId,
    // Teams arrive with the IAM module; until then nobody belongs to one.
    teams: [] as { id: string; name: string }[],
    organization: organizationSummary(org),
    mfaEnabled: user.mfaEnabled,
  };
}


export async function openSession(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  deps: AccountsDeps,
  userId: string,
  organizationId: string,
) {
  const token = newOpaqueToken('tsn');
  const expiresAt = new Date(Date.now() + deps.sessionTtlHours * 3600 * 1000);
  const sessionId = newId('session');
  await insertSession(db, { id: sessionId, userId, organizationId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt, sessionId };
}

interface NewOrganization {
  email: string;
  /** Null: no password yet (Azure Marketplace registration); the user sets one through password recovery. */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  organizationName: string;
  marketplace: 'aws' | 'azure' | null;
  marketplaceCustomerId: string | null;
}

/**
 * Creates an organization (free trial, regular) with its first admin and signs the admin in, in
 * one transaction with its audit events; `beforeCommit` runs last inside it (a failure there
 * undoes everything). A taken e-mail is a conflict on `field`.
 */
async function createOrganizationWithAdmin(
  deps: AccountsDeps,
  input: NewOrganization,
  field: string,
  beforeCommit: () => Promise<void> = async () => undefined,
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const org = await insertOrganization(tx, {
        id: newId('organization'),
        name: input.organizationName.trim(),
        type: 'regular',
        pricingPlan: 'freeTrial',
        freeTrialExpiration: new Date(Date.now() + freeTrialDays * 24 * 3600 * 1000),
        marketplace: input.marketplace,
        marketplaceCustomerId: input.marketplaceCustomerId,
      });
      const user = await insertUser(tx, {
        id: newId('user'),
        email: input.email.trim(),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        userType: 'directUser',
        passwordHash: input.passwordHash,
      });
      const membership = { organizationId: org.id, userId: user.id, role: 'admin', customRoleId: null, createdAt: new Date() };
      await insertMembership(tx, membership);
      const session = await openSession(tx, deps, user.id, org.id);
      const scope = new Scope(tx, org.id);
      const initiator: AuditInitiator = { name: user.email, type: 'directUser', userId: user.id };
      await recordAudit(scope, initiator, { entityType: 'organization', entityId: org.id, entityName: org.name, action: 'create' });
      await recordAudit(scope, initiator, { entityType: 'user', entityId: user.id, entityName: user.email, action: 'create' });
      await beforeCommit();
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: currentUserView(user, membership, org),
        organization: organizationSummary(org),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists('An account with this e-mail already exists', field);
    throw error;
  }
}

/** Creates an organization (free trial, regular) with its first admin, and signs the admin in. */
export async function signUp(deps: AccountsDeps, input: SignUpInput, marketplace: 'aws' | null = null) {
  if (await findUserByEmail(deps.db, input.email)) {
    throw alreadyExists('An account with this e-mail already exists', 'entity.email');
  }
  return createOrganizationWithAdmin(
    deps,
    { ...input, passwordHash: await hashPassword(input.password), marketplace, marketplaceCustomerId: input.marketplaceCustomerId ?? null },
    'entity.email',
  );
}

export interface MarketplaceDeps extends AccountsDeps {
  /** Unset when the server has no Azure Marketplace publisher credentials. */
  azureMarketplace: AzureMarketplaceClient | undefined;
}

/**
 * Registration from Azure Marketplace's landing page: no body, only the purchase identification
 * token Azure put in the page's `token` query parameter. The token is resolved with Azure (the
 * subscription, its name and its beneficiary's e-mail); the organization is named after the
 * subscription, its first admin is the beneficiary (no password yet: password recovery sets one),
 * and the subscription is activated before the transaction commits. A subscription registers once.
 */
export async function registerAzureMarketplace(deps: MarketplaceDeps, purchaseToken: string) {
  if (!deps.azureMarketplace) throw badRequest('Azure Marketplace registration is not available on this server');
  const azure = deps.azureMarketplace;
  let subscription: AzureSubscription;
  try {
    subscription = await azure.resolve(purchaseToken);
  } catch (error) {
    if (error instanceof AzurePurchaseNotFound) {
      throw badRequest(
        "We couldn't identify this purchase. Reopen the subscription in the Azure portal and select Configure account again.",
        'token',
      );
    }
    throw error;
  }
  if (await findOrganizationByMarketplaceCustomer(deps.db, 'azure', subscription.id)) {
    throw alreadyExists('This Azure Marketplace subscription is already registered; sign in to its organization', 'token');
  }
  if (await findUserByEmail(deps.db, subscription.beneficiaryEmail)) {
    throw alreadyExists(`An account with the subscription's e-mail ${subscription.beneficiaryEmail} already exists; sign in instead`, 'token');
  }
  const email = subscription.beneficiaryEmail;
  return createOrganizationWithAdmin(
    deps,
    {
      email,
      passwordHash: null,
      firstName: email.slice(0, email.indexOf('@')),
      lastName: '',
      organizationName: subscription.name,
      marketplace: 'azure',
      marketplaceCustomerId: subscription.id,
    },
    'token',
    () => azure.activate(subscription),
  );
}

const invalidCredentials = () => badRequest('Invalid e-mail or password');
const pendingTtlMs = 10 * 60 * 1000;

/** Starts the MFA step of a sign-in; the returned id is a bearer secret shown once. */
export async function startPendingSignIn(deps: AccountsDeps, kind: 'waitingMfa' | 'addMfa', userId: string, organizationId: string) {
  const id = newOpaqueToken('tmf');
  await insertPendingSignIn(deps.db, {
    idHash: hashToken(id),
    kind,
    userId,
    organizationId,
    expiresAt: new Date(Date.now() + pendingTtlMs),
  });
  return kind === 'waitingMfa' ? { waitingMfaPotentialSessionId: id } : { addMfaSessionId: id };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Opens the session of a finished sign-in (password, and MFA when required) and audits it. */
export async function completeSignIn(deps: AccountsDeps, tx: Tx, userId: string, organizationId: string) {
  const user = await findUserById(tx, userId);
  const found = await findMembership(tx, userId, organizationId);
  if (!user || !found) throw invalidCredentials();
  const session = await openSession(tx, deps, user.id, organizationId);
  await recordAudit(new Scope(tx, organizationId), { name: user.email, type: user.userType, userId: user.id }, {
    entityType: 'user',
    entityId: user.id,
    entityName: user.email,
    action: 'signIn',
  });
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: currentUserView(user, found.membership, found.organization),
    organization: organizationSummary(found.organization),
  };
}

/**
 * Signs in with e-mail and password into the user's first organization, enforcing its sign-in
 * settings: a user with MFA gets the code step; a user without MFA in an organization that
 * requires it gets the enrolment step.
 */
export async function signIn(deps: AccountsDeps, email: string, password: string, address: string) {
  // Counted before the password is checked, for unknown e-mails too (a limit reached tells
  // nothing about whether the account exists); see README, Guessing.
  const account = throttles.signInAccount(deps.guessing, email);
  const from = throttles.signInAddress(deps.guessing, address);
  await attempt(deps.db, [account, from]);
  const user = await findUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    await verifyDecoy(password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
  // The right password: the account's own failures are forgiven; the address keeps its failures
  // on other accounts (only this attempt is given back), so signing in to one's own account does
  // not buy more guesses at others.
  await succeeded(deps.db, { clear: [account], giveBack: [from] });
  const [first] = await listMembershipsOfUser(deps.db, user.id);
  if (!first) throw invalidCredentials();
  const { organization } = first;
  if (organization.requireSsoSignIn) {
    throw forbidden('This organization requires signing in with SSO');
  }
  if (user.mfaEnabled) return startPendingSignIn(deps, 'waitingMfa', user.id, organization.id);
  if (organization.requireMfaForDirectUserSignIn) return startPendingSignIn(deps, 'addMfa', user.id, organization.id);
  return deps.db.transaction((tx) => completeSignIn(deps, tx, user.id, organization.id));
}

export async function signOut(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId);
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: actor.userId,
      entityName: actor.email,
      action: 'signOut',
    });
  });
  return {};
}

/** Switches organization: a new session in the desired membership; the current one is revoked. */
export async function tradeSession(deps: AccountsDeps, actor: Actor, desiredOrganizationId: string) {
  await deps.engine.require(actor, 'authenticated');
  // A personal access token is bound to one organization; it must not be traded for a session.
  if (actor.credential === 'personalAccessToken') throw forbidden('A personal access token cannot switch organization');
  const target = await findMembership(deps.db, actor.userId, desiredOrganizationId);
  if (!target) throw notFound('Organization', desiredOrganizationId);
  if (target.organization.requireSsoSignIn && actor.userType !== 'ssoUser') {
    throw forbidden('This organization requires signing in with SSO');
  }
  const user = await findUserByEmail(deps.db, actor.email);
  if (!user) throw new DomainError('unauthenticated', 'The session user no longer exists');
  if (target.organization.requireMfaForDirectUserSignIn && actor.userType === 'directUser' && !user.mfaEnabled) {
    throw forbidden('This organization requires MFA for direct sign-in');
  }
  return deps.db.transaction(async (tx) => {
    const session = await openSession(tx, deps, actor.userId, desiredOrganizationId);
    await revokeSession(tx, actor.sessionId);
    await recordAudit(new Scope(tx, desiredOrganizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: actor.userId,
      entityName: actor.email,
      action: 'switchOrganization',
    });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: currentUserView(user, target.membership, target.organization),
      organization: organizationSummary(target.organization),
    };
  });
}

export async function getCurrentUser(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const found = await findMembership(deps.db, actor.userId, actor.organizationId);
  const user = await findUserByEmail(deps.db, actor.email);
  if (!found || !user) throw new DomainError('unauthenticated', 'The session is no longer valid');
  return { ...currentUserView(user, found.membership, found.organization), teams: await teamsOfUser(deps.db, actor.organizationId, actor.userId) };
}

export async function getUserOrgRole(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  return {
    orgRole: actor.role,
    orgUserRole: actor.role,
    customRoleId: actor.customRoleId,
    organizationId: actor.organizationId,
    teams: await teamsOfUser(deps.db, actor.organizationId, actor.userId),
  };
}

export async function listAllowedOrganizations(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const rows = await listMembershipsOfUser(deps.db, actor.userId);
  return rows.map(({ membership, organization }) => ({
    id: organization.id,
    name: organization.name,
    type: organization.type,
    pricingPlan: organization.pricingPlan,
    orgRole: membership.role,
  }));
}

export async function listUsers(
  deps: AccountsDeps,
  actor: Actor,
  query: { email: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'user:read');
  const { rows, total } = await listOrganizationUsers(deps.db, actor.organizationId, {
    email: query.email,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const paging: Paging = { page: query.page, pageSize: query.pageSize, total };
  return {
    items: rows.map(({ user, membership }) => organizationUserView(user, membership)),
    paging,
  };
}

/** Resolves a bearer token to its actor; null when unknown, revoked, expired or no longer a member. */
export async function authenticate(deps: AccountsDeps, token: string): Promise<Actor | null> {
  if (token.length > 512) return null;
  if (token.startsWith('tpu_')) {
    const robot = await findLiveProgrammaticToken(deps.db, hashToken(token));
    const org = robot && (await findOrganization(deps.db, robot.user.organizationId));
    if (!robot || !org) return null;
    await touchToken(deps.db, programmaticTokens, robot.token.id, new Date());
    return {
      userId: robot.user.id,
      email: robot.user.name,
      userType: 'programmaticUser',
      sessionId: robot.token.id,
      organizationId: org.id,
      organizationType: org.type,
      role: robot.user.role,
      customRoleId: robot.user.role.startsWith('cro-') ? robot.user.role : null,
      credential: 'programmaticToken',
    };
  }
  const personal = token.startsWith('tpa_');
  const table = personal ? personalAccessTokens : sessions;
  const found = await findLiveCredential(deps.db, table, hashToken(token), new Date());
  if (!found) return null;
  if (personal) await touchToken(deps.db, personalAccessTokens, found.sessionId, new Date());
  return {
    userId: found.user.id,
    email: found.user.email,
    userType: found.user.userType,
    sessionId: found.sessionId,
    organizationId: found.organization.id,
    organizationType: found.organization.type,
    role: found.membership.role,
    customRoleId: found.membership.customRoleId,
    credential: personal ? 'personalAccessToken' : 'session',
  };
}

function organizationUserView(user: UserRow, membership: MembershipRow) {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    orgRole: membership.role,
    customRoleId: membership.customRoleId,
    mfaEnabled: user.mfaEnabled,
    createdAt: membership.createdAt.toISOString(),
  };
}

const lastAdmin = () => new DomainError('conflict', 'The organization must keep at least one admin');

/**
 * Starts a change to the organization's members: locks the organization's members (so changes
 * that can take away an admin run one at a time), then checks the caller's own membership again
 * as it is now, since a concurrent change may just have demoted or removed them.
 */
async function lockMembersAsManager(deps: AccountsDeps, tx: Tx, actor: Actor): Promise<void> {
  await lockOrganization(tx, actor.organizationId);
  if (actor.userType === 'programmaticUser') return;
  const own = await findMembership(tx, actor.userId, actor.organizationId);
  if (!own) throw forbidden('You are no longer a member of this organization');
  await deps.engine.require({ ...actor, role: own.membership.role, customRoleId: own.membership.customRoleId }, 'user:manage');
}

export async function updateMemberRole(deps: AccountsDeps, actor: Actor, userId: string, role: string) {
  await deps.engine.require(actor, 'user:manage');
  return deps.db.transaction(async (tx) => {
    await lockMembersAsManager(deps, tx, actor);
    const current = await findMembership(tx, userId, actor.organizationId);
    const user = await findUserById(tx, userId);
    if (!current || !user) throw notFound('User', userId);
    if (current.membership.role === 'admin' && role !== 'admin' && (await countAdmins(tx, actor.organizationId)) <= 1) {
      throw lastAdmin();
    }
    // A custom organization role is assigned by its id (cro-...), which then is the role key too.
    const customRoleId = await organizationRoleOf(new Scope(tx, actor.organizationId), role, 'entity.role');
    const updated = await updateMembershipRole(tx, actor.organizationId, userId, role, customRoleId);
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: userId,
      entityName: user.email,
      action: 'update',
    });
    return organizationUserView(user, updated as MembershipRow);
  });
}

export async function removeMember(deps: AccountsDeps, actor: Actor, userId: string) {
  await deps.engine.require(actor, 'user:manage');
  return deps.db.transaction(async (tx) => {
    await lockMembersAsManager(deps, tx, actor);
    const current = await findMembership(tx, userId, actor.organizationId);
    const user = await findUserById(tx, userId);
    if (!current || !user) throw notFound('User', userId);
    if (current.membership.role === 'admin' && (await countAdmins(tx, actor.organizationId)) <= 1) throw lastAdmin();
    // Sessions in this organization stop authenticating at once: authenticate() joins the membership.
    await deleteMembership(tx, actor.organizationId, userId);
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'user',
      entityId: userId,
      entityName: user.email,
      action: 'delete',
    });
    return organizationUserView(user, current.membership);
  });
}
