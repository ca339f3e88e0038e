export { PolicyResultsPanel, type PolicyResultsPanelProps, type PolicyResultView } from './lib/policy-results-panel';
export { policyTypeLabels, type PolicyTypeId } from './lib/policy-labels';
export { enforcementLabels } from './lib/enforcement-labels';
export { enforcementDescriptions, policyTypeDescriptions } from './lib/policy-descriptions';
export { policyName } from './lib/managed-policy-names';
