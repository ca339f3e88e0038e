export {
  controlPolicyFixture,
  controlPolicyFixtures,
  controlPolicyGroupFixture,
  controlPolicyGroupFixtures,
  groupMappingFixture,
  policyMappingFixture,
  policyViolationFixture,
} from './lib/policies.fixtures';
