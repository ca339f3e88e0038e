import type { DesignedRead, DesignedWrite } from '@terrace/organization/data-access';
import type { NamespacePermission } from './namespaces.types';

/** `/iam/org/namespacePermission` (named in spec/api-evidence.md, not in openapi/domains yet). */
export interface NamespacesDesignedPaths {
  '/iam/org/namespacePermission': {
    get: DesignedRead<NamespacePermission, { namespaceId?: string }>;
    post: DesignedWrite<NamespacePermission, NamespacePermission>;
    delete: DesignedWrite<NamespacePermission, NamespacePermission>;
  };
}
