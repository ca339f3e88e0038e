export { variablesSettingsSections } from './lib/variables.settings-sections';
export { LazyNamespaceVariablesPanel, LazyStackVariablesPanel } from './lib/lazy-panels';
export type { StackVariablesTarget } from './lib/stack-variables-panel';
