export {
  createdRunnerGroupTokenFixture,
  managedRunnerGroupFixture,
  runnerFixture,
  runnerGroupFixture,
  runnerGroupTokenFixture,
} from './lib/runners.fixtures';
