import { asc, eq } from 'drizzle-orm';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { vcsProviders } from './vcs.schema';

export type VcsProviderRow = typeof vcsProviders.$inferSelect;
export type NewVcsProviderRow = Omit<typeof vcsProviders.$inferInsert, 'organizationId'>;
export type VcsProviderChanges = Partial<Omit<NewVcsProviderRow, 'id' | 'type' | 'createdAt' | 'createdBy'>>;

export interface VcsProviderFilter {
  providerId: string;
  type: string;
}

// Ordered by name (unique in the organization), on the index vcs_providers_org_name_key.
const providerList = pagedList<typeof vcsProviders, VcsProviderFilter>({
  name: 'vcs_providers',
  table: vcsProviders,
  orderBy: [asc(vcsProviders.name)],
  filters: {
    providerId: (id) => eq(vcsProviders.id, id),
    type: (type) => eq(vcsProviders.type, type),
  },
});

export function listProviders(scope: Scope, filter: Partial<VcsProviderFilter>, request: PageRequest): Promise<Page<VcsProviderRow>> {
  return scope.page(providerList, filter, request);
}

export function findProvider(scope: Scope, id: string): Promise<VcsProviderRow | undefined> {
  return scope.first(vcsProviders, eq(vcsProviders.id, id));
}

/** Reads and locks the provider's row until the transaction ends (webhook secret made once). */
export function lockProvider(scope: Scope, id: string): Promise<VcsProviderRow | undefined> {
  return scope.lockFirst(vcsProviders, eq(vcsProviders.id, id), 'update');
}

export function findProviderByName(scope: Scope, name: string): Promise<VcsProviderRow | undefined> {
  return scope.first(vcsProviders, eq(vcsProviders.name, name));
}

export function insertProvider(scope: Scope, row: NewVcsProviderRow): Promise<VcsProviderRow> {
  return scope.insert(vcsProviders, row);
}

export async function updateProvider(scope: Scope, id: string, changes: VcsProviderChanges): Promise<VcsProviderRow | undefined> {
  const [row] = await scope.update(vcsProviders, changes, eq(vcsProviders.id, id));
  return row;
}

export async function deleteProvider(scope: Scope, id: string): Promise<VcsProviderRow | undefined> {
  const [row] = await scope.delete(vcsProviders, eq(vcsProviders.id, id));
  return row;
}
