import { defineOperations, single, userOperation } from '../../http/operation-registry';
import { recordConsoleEvent, type ConsoleEventsDeps } from './console-events.service';

export const consoleEventsOperations = (deps: ConsoleEventsDeps) =>
  defineOperations({
    createConsoleEvent: userOperation(async (actor, { entity }) => single(await recordConsoleEvent(deps, actor, entity))),
  });
