import type { Database } from '../db/database';
import { Scope } from '../db/scope';
import { updateOrganization, type OrganizationRow } from '../modules/accounts/accounts.repository';
import { organizations } from '../modules/accounts/accounts.schema';
import { recordAudit, type AuditInitiator } from '../modules/audit/audit.service';

/** Changes only the vendor makes (no public operation does them); audited as the operator. */
export const operatorInitiator: AuditInitiator = { name: 'operator', type: 'system', userId: null };

// The values the columns accept, so the commands follow the schema.
const organizationTypes = organizations.type.enumValues;
const pricingPlans = organizations.pricingPlan.enumValues;

/** A mistake of the operator (usage, unknown organization): printed as is, exit code 64. */
export class OperatorCommandError extends Error {}

async function changeOrganization(db: Database, organizationId: string, set: Partial<Pick<OrganizationRow, 'type' | 'pricingPlan'>>) {
  return db.transaction(async (tx) => {
    const row = await updateOrganization(tx, organizationId, set);
    if (!row) throw new OperatorCommandError(`No organization has the id ${organizationId}`);
    await recordAudit(new Scope(tx, organizationId), operatorInitiator, {
      entityType: 'organization',
      entityId: row.id,
      entityName: row.name,
      action: 'update',
    });
    return row;
  });
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (!value || !(allowed as readonly string[]).includes(value)) {
    throw new OperatorCommandError(`${what} must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}

export const operatorUsage = [
  'Usage: node dist/apps/api/main.mjs admin <command>',
  `  set-organization-type <organizationId> <${organizationTypes.join('|')}>`,
  `  set-organization-plan <organizationId> <${pricingPlans.join('|')}>`,
].join('\n');

/** Runs one operator command; answers the line to print. */
export async function runOperatorCommand(db: Database, args: readonly string[]): Promise<string> {
  const [command, organizationId, value] = args;
  if (args.length !== 3 || !organizationId) throw new OperatorCommandError(operatorUsage);
  switch (command) {
    case 'set-organization-type': {
      const row = await changeOrganization(db, organizationId, { type: oneOf(value, organizationTypes, 'The organization type') });
      return `Organization ${row.id} (${row.name}) is now of type ${row.type}`;
    }
    case 'set-organization-plan': {
      const row = await changeOrganization(db, organizationId, { pricingPlan: oneOf(value, pricingPlans, 'The plan') });
      return `Organization ${row.id} (${row.name}) is now on the ${row.pricingPlan} plan`;
    }
    default:
      throw new OperatorCommandError(operatorUsage);
  }
}
