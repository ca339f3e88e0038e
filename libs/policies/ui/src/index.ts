export { PolicyResultsPanel, type PolicyResultsPanelProps, type PolicyResultView } from './lib/policy-results-panel';
export { enforcementDescriptions, enforcementLabels, policyTypeDescriptions, policyTypeLabels, type PolicyTypeId } from './lib/policy-labels';
export { policyName } from './lib/managed-policy-names';
