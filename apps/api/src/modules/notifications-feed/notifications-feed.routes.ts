import { userOperation, type OperationRegistry } from '../../http/operation-registry';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { listFeed } from './notifications-feed.service';

export function notificationsFeedOperations(deps: { engine: PermissionEngine }): OperationRegistry {
  return {
    listFeedNotifications: userOperation(async (actor) => ({ items: await listFeed(deps, actor) })),
  };
}
