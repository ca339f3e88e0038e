export { stackFixture } from './lib/stacks.fixtures';
export { stackOutputFixture, stateLockFixture, stateVersionFixture } from './lib/stack-state.fixtures';
