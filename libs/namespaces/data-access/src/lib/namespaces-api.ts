import { createContext, useContext } from 'react';
import type {
  Namespace,
  NamespaceCreateInput,
  NamespaceListFilters,
  NamespacePage,
  NamespacePermission,
  NamespacePermissionInput,
  NamespaceUpdateInput,
} from './namespaces.types';

/**
 * The calls of the namespaces domain as one port. The console builds it on the shared API client
 * (createNamespacesApi); component tests use the same adapter against MSW handlers typed from the
 * contract.
 */
export interface NamespacesApi {
  list(filters: NamespaceListFilters): Promise<NamespacePage>;
  get(namespaceId: string): Promise<Namespace>;
  create(input: NamespaceCreateInput): Promise<Namespace>;
  update(namespaceId: string, input: NamespaceUpdateInput): Promise<Namespace>;
  remove(namespaceId: string): Promise<void>;
  permissions(namespaceId: string): Promise<NamespacePermission[]>;
  grantPermission(permission: NamespacePermissionInput): Promise<NamespacePermission>;
  revokePermission(permission: NamespacePermission): Promise<void>;
}

export const NamespacesApiContext = createContext<NamespacesApi | null>(null);

export function useNamespacesApi(): NamespacesApi {
  const api = useContext(NamespacesApiContext);
  if (!api) throw new Error('useNamespacesApi needs a NamespacesApiContext provider (apps/console provides it).');
  return api;
}
