export { stackFixture } from './lib/stacks.fixtures';
export { stackOutputFixture, stateLockFixture, stateUnitFixture, stateVersionFixture } from './lib/stack-state.fixtures';
