import type { Database } from '../../db/database';
import type { PermissionEngine } from '../../permissions/permission-engine';

/** What every IAM service needs (one service file per resource: teams, namespace permissions, custom roles, ABAC, programmatic users). */
export interface IamDeps {
  db: Database;
  engine: PermissionEngine;
}
