import { sql } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { organizationConfigurations } from './organization.schema';

export type ConfigurationRow = typeof organizationConfigurations.$inferSelect;

export function findConfiguration(scope: Scope): Promise<ConfigurationRow | undefined> {
  return scope.first(organizationConfigurations);
}

export function saveConfiguration(scope: Scope, configuration: Record<string, unknown>): Promise<ConfigurationRow> {
  const updatedAt = new Date();
  return scope.upsert(
    organizationConfigurations,
    { configuration, updatedAt },
    [organizationConfigurations.organizationId],
    { configuration, updatedAt },
  );
}


/** Removes the organization's configuration; answers the removed row (undefined when there was none). */
export async function deleteConfiguration(scope: Scope): Promise<ConfigurationRow | undefined> {
  const [row] = await scope.delete(organizationConfigurations, sql`true`);
  return row;
}
