import type { CustomRoleGrant } from '@terrace/domain';
import type { Schemas } from '../../http/contract-types';
import { unique } from '../../db/unique-violation';
import type { Database } from '../../db/database';
import { Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { hashPassword } from '../../crypto/password-hasher';
import { alreadyExists, badRequest, DomainError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { recordAudit, type AuditInitiator } from '../audit/audit.service';
import { teamsOfUser } from '../iam/iam.repository';
import { type GuessingLimits } from './guessing';
import { AzurePurchaseNotFound, type AzureMarketplaceClient, type AzureSubscription } from './azure-marketplace';
import {
  findOrganizationByMarketplaceCustomer,
  findMembership,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertOrganization,
  insertSession,
  insertUser,
  listMembershipsOfUser,
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
  return unique('An account with this e-mail already exists', field, () =>
    deps.db.transaction(async (tx) => {
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
    }),
  );
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

/** The e-mail of a user known by id (the author a record names), or undefined for an id no user has. */
export async function emailOfUser(db: Database, userId: string): Promise<string | undefined> {
  return (await findUserById(db, userId))?.email;
}

export async function getCurrentUser(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const found = await findMembership(deps.db, actor.userId, actor.organizationId);
  const user = await findUserByEmail(deps.db, actor.email);
  if (!found || !user) throw new DomainError('unauthenticated', 'The session is no longer valid');
  return { ...currentUserView(user, found.membership, found.organization), teams: await teamsOfUser(deps.db, actor.organizationId, actor.userId) };
}

/** The stored names were checked against CustomRolePermissionName when the role was written. */
function customRoleGrantView(grant: CustomRoleGrant | null | undefined): Schemas['CustomRoleGrant'] | null {
  return grant ? { permissions: [...grant.permissions] as Schemas['CustomRoleGrant']['permissions'], stackRestriction: grant.stackRestriction } : null;
}

export async function getUserOrgRole(deps: AccountsDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  return {
    orgRole: actor.role,
    orgUserRole: actor.role,
    customRoleId: actor.customRoleId,
    // What the console needs to decide access with the same model (@terrace/domain) as the engine.
    customRole: customRoleGrantView((await deps.engine.subject(actor)).customRole),
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
