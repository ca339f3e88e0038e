import { defineOperations, list, userOperation } from '../../http/operation-registry';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { listFeed } from './notifications-feed.service';

export const notificationsFeedOperations = (deps: { engine: PermissionEngine }) =>
  defineOperations({
    listFeedNotifications: userOperation(async (actor) => list(await listFeed(deps, actor))),
  });
