export { stackFixture } from './lib/stacks.fixtures';
