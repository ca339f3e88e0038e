import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// Apart from the other run labels (run-labels.ts): only a run's page shows its steps, not the runs lists.

/** The steps of a run in order (the contract's RunStepName, design §5.1). */
export const stepLabels: Record<string, MessageDescriptor> = {
  gitClone: msg`Clone repository`,
  customFlowBeforeInit: msg`Custom flow before init`,
  terraformInit: msg`Init`,
  customFlowAfterInit: msg`Custom flow after init`,
  tfLint: msg`Lint (TFLint)`,
  tfSec: msg`Security scan (tfsec)`,
  customFlowBeforePlan: msg`Custom flow before plan`,
  terraformPlan: msg`Plan`,
  customFlowAfterPlan: msg`Custom flow after plan`,
  infracost: msg`Cost estimate (Infracost)`,
  controlPolicies: msg`Control policies`,
  runTasks: msg`Run tasks`,
  approval: msg`Approval`,
  customFlowBeforeApply: msg`Custom flow before apply`,
  terraformApply: msg`Apply`,
  customFlowAfterApply: msg`Custom flow after apply`,
  taskExecution: msg`Task`,
  outputs: msg`Outputs`,
};
