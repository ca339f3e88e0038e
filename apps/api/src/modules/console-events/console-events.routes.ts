import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import { recordConsoleEvent, type ConsoleEventsDeps } from './console-events.service';

export function consoleEventsOperations(deps: ConsoleEventsDeps): OperationRegistry {
  return {
    createConsoleEvent: userOperation(async (actor, { entity }) =>
      single(await recordConsoleEvent(deps, actor, entity as { title: string; message: string })),
    ),
  };
}
