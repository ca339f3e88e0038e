import type { Database } from '../../db/database';
import { inOrganization } from '../../db/scope';
import { newId } from '../../crypto/ids';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { consoleEvents } from './console-events.schema';

export interface ConsoleEventsDeps {
  db: Database;
  engine: PermissionEngine;
}

/** Records what the console reports (AI icon clicks, feedback, trial requests) for the product team. */
export async function recordConsoleEvent(
  deps: ConsoleEventsDeps,
  actor: Actor,
  input: { title: string; message: string },
) {
  await deps.engine.require(actor, 'consoleEvent:create');
  await inOrganization(deps.db, actor.organizationId, (scope) =>
    scope.insert(consoleEvents, { id: newId('consoleEvent'), userId: actor.userId, title: input.title, message: input.message }),
  );
  return {};
}
