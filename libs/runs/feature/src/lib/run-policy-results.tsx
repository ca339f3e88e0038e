import { PolicyResultsPanel, type PolicyResultView } from '@terrace/policies/ui';
import type { RunDetail, RunDetailKind } from '@terrace/runs/data-access';
import { appPath } from '@terrace/session';
import { Link } from 'react-router';
import { RunActions } from './run-actions';
import type { RunAccess } from './use-run-access';

export interface RunPolicyResultsProps {
  kind: RunDetailKind;
  run: RunDetail;
  access: RunAccess;
  results: readonly PolicyResultView[] | undefined;
}

/**
 * The run page's control policies tab: the policies domain's results panel with this run's
 * results, and the approve-failed-policies action when the run waits for it (and the role allows it).
 */
export function RunPolicyResults({ kind, run, access, results }: RunPolicyResultsProps) {
  return (
    <PolicyResultsPanel
      results={results}
      action={<RunActions kind={kind} run={run} access={access} only={['approveFailedPolicies']} />}
      policyHref={(controlPolicyId) => appPath('editControlPolicyWizard', { controlPolicyId })}
      renderLink={(href, children) => (
        <Link className="text-primary-subtle-foreground hover:underline" to={href}>
          {children}
        </Link>
      )}
    />
  );
}
