export { discoveredVariableFixture, effectiveVariableFixture, variableFixture } from './lib/variables.fixtures';
