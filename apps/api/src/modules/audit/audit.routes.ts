import { userOperation, type OperationRegistry } from '../../http/operation-registry';
import { listAudit, type AuditServiceDeps } from './audit.service';

export function auditOperations(deps: AuditServiceDeps): OperationRegistry {
  return {
    listAuditEvents: userOperation((actor, { query }) =>
      listAudit(deps, actor, {
        daysBack: query['daysBack'] as number,
        includeExternalInitiator: query['includeExternalInitiator'] as boolean,
        entityType: query['entityType'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
  };
}
