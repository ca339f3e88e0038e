import type { Database } from '../../db/database';
import { inOrganization, Scope } from '../../db/scope';
import { DomainError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { findOrganization, lockOrganization, updateOrganization, type OrganizationRow } from '../accounts/accounts.repository';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { deleteConfiguration as removeConfiguration, findConfiguration, saveConfiguration, type ConfigurationRow } from './organization.repository';

export interface OrganizationDeps {
  db: Database;
  engine: PermissionEngine;
}

type Plan = OrganizationRow['pricingPlan'];

/** Feature flags per plan. The free trial shows what the paid product does, except disaster recovery. */
const planCapabilities: Record<Plan, { disasterRecovery: boolean; aiAgent: boolean }> = {
  freeTrial: { disasterRecovery: false, aiAgent: true },
  basic: { disasterRecovery: false, aiAgent: false },
  pro: { disasterRecovery: false, aiAgent: true },
  enterprise: { disasterRecovery: true, aiAgent: true },
};

async function loadOrganization(deps: OrganizationDeps, actor: Actor): Promise<OrganizationRow> {
  const org = await findOrganization(deps.db, actor.organizationId);
  if (!org) throw new DomainError('unauthenticated', 'The session organization no longer exists');
  return org;
}

export async function getOrganization(deps: OrganizationDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const org = await loadOrganization(deps, actor);
  return {
    id: org.id,
    name: org.name,
    type: org.type,
    pricingPlan: org.pricingPlan,
    freeTrialExpiration: org.freeTrialExpiration?.toISOString() ?? null,
    marketplace: org.marketplace,
    createdAt: org.createdAt.toISOString(),
  };
}

export async function getCapabilities(deps: OrganizationDeps, actor: Actor) {
  await deps.engine.require(actor, 'authenticated');
  const org = await loadOrganization(deps, actor);
  return { capabilities: { ...planCapabilities[org.pricingPlan] } };
}

function configurationView(row: ConfigurationRow) {
  return { ...row.configuration, organizationId: row.organizationId, updatedAt: row.updatedAt.toISOString() };
}

/** Answers no items before anything is configured (existing clients expect 200 with empty items). */
export async function getConfiguration(deps: OrganizationDeps, actor: Actor) {
  await deps.engine.require(actor, 'orgConfiguration:read');
  const row = await inOrganization(deps.db, actor.organizationId, findConfiguration);
  return row ? [configurationView(row)] : [];
}

/** Partial upsert: absent fields stay, null clears. */
export async function putConfiguration(deps: OrganizationDeps, actor: Actor, input: Record<string, unknown>) {
  await deps.engine.require(actor, 'orgConfiguration:update');
  return deps.db.transaction(async (tx) => {
    // A partial update merges into what is stored: concurrent ones must merge one after the
    // other, or one would write back a copy without the other's fields (a lost update). The
    // organization's row is the lock (the configuration row may not exist yet).
    await lockOrganization(tx, actor.organizationId);
    const scope = new Scope(tx, actor.organizationId);
    const existing = await findConfiguration(scope);
    const current = existing?.configuration ?? {};
    const next: Record<string, unknown> = { ...current };
    for (const [key, value] of Object.entries(input)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    const row = await saveConfiguration(scope, next);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'organizationConfiguration',
      entityId: actor.organizationId,
      action: existing ? 'update' : 'create',
    });
    return configurationView(row);
  });
}

/**
 * Removes the configuration (existing clients destroy it with DELETE); afterwards the read answers
 * empty items again. Nothing configured: empty items, like the read (nothing changed, no audit).
 */
export async function deleteConfiguration(deps: OrganizationDeps, actor: Actor) {
  await deps.engine.require(actor, 'orgConfiguration:update');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await removeConfiguration(scope);
    if (!row) return [];
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'organizationConfiguration',
      entityId: actor.organizationId,
      action: 'delete',
    });
    return [configurationView(row)];
  });
}

export async function getSignInSettings(deps: OrganizationDeps, actor: Actor) {
  await deps.engine.require(actor, 'signInSettings:read');
  const org = await loadOrganization(deps, actor);
  return {
    requireSsoSignIn: org.requireSsoSignIn,
    requireMfaForDirectUserSignIn: org.requireMfaForDirectUserSignIn,
  };
}

export async function putSignInSettings(
  deps: OrganizationDeps,
  actor: Actor,
  input: { requireSsoSignIn?: boolean; requireMfaForDirectUserSignIn?: boolean },
) {
  await deps.engine.require(actor, 'signInSettings:update');
  return deps.db.transaction(async (tx) => {
    const org = await updateOrganization(tx, actor.organizationId, {
      ...(input.requireSsoSignIn !== undefined ? { requireSsoSignIn: input.requireSsoSignIn } : {}),
      ...(input.requireMfaForDirectUserSignIn !== undefined
        ? { requireMfaForDirectUserSignIn: input.requireMfaForDirectUserSignIn }
        : {}),
    });
    if (!org) throw new DomainError('unauthenticated', 'The session organization no longer exists');
    await recordAudit(new Scope(tx, actor.organizationId), initiatorOf(actor), {
      entityType: 'signInSettings',
      entityId: actor.organizationId,
      action: 'update',
    });
    return {
      requireSsoSignIn: org.requireSsoSignIn,
      requireMfaForDirectUserSignIn: org.requireMfaForDirectUserSignIn,
    };
  });
}
