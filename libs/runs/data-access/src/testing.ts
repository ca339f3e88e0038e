// Wire-format objects and an event-stream answer for tests and stories (not part of the runtime entry).
export {
  commentFixture,
  deploymentFixture,
  deploymentStepsFixture,
  planFixture,
  planSummaryFixture,
  remoteRunFixture,
  runFixture,
  runStateFixture,
  taskFixture,
} from './lib/runs.fixtures';
export { eventStreamResponse, type StreamEvent } from './lib/event-stream-response';
