import { defineOperations, userOperation } from '../../http/operation-registry';
import { listAudit, type AuditServiceDeps } from './audit.service';

export const auditOperations = (deps: AuditServiceDeps) =>
  defineOperations({
    listAuditEvents: userOperation((actor, { query }) => listAudit(deps, actor, query)),
  });
