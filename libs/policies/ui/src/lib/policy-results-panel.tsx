import { useLingui } from '@lingui/react/macro';
import { Badge, EmptyState } from '@terrace/design-system';
import { policyCheckLabel, policyRowScore, resolvePolicyCheckStatus, sortPolicyResultsBySeverity, type EnforcementLevel, type PolicyCheckStatus } from '@terrace/domain';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { enforcementLabels } from './enforcement-labels';
import { policyTypeLabels, type PolicyTypeId } from './policy-labels';

/** One row of a run's `controlPoliciesResult.controlPoliciesRunResult` (contract: ControlPolicyRunResult). */
export interface PolicyResultView {
  controlPolicyId?: string;
  policyName: string;
  policyType?: PolicyTypeId;
  enforcementLevel: EnforcementLevel;
  status?: PolicyCheckStatus | null;
  hasPolicyChecksPassed: boolean;
  severityScore?: number;
  failedResources?: { address: string; message?: string }[];
  errorMessage?: string;
}

export interface PolicyResultsPanelProps {
  /** undefined while the control-policies step has not run; [] when no policy applies. */
  results: readonly PolicyResultView[] | undefined;
  /** The approve-failed-policies action, given by the run page when the run waits for it. */
  action?: ReactNode;
  /** A link to a policy (its edit page), when the user may open it. */
  policyHref?: (controlPolicyId: string) => string | undefined;
  /** Renders a link; the run page passes its router's Link so the panel stays router-free. */
  renderLink?: (href: string, children: ReactNode) => ReactNode;
}

const tone: Record<PolicyCheckStatus, 'success' | 'danger' | 'warning'> = { passed: 'success', failed: 'danger', error: 'warning' };

/**
 * A run's control policy results, worst first by the severity score of spec §4 (failed hard
 * mandatory 9 … passed warning 1): passed, failed or 'Unable to Check', with the resources that
 * failed and the evaluation error, and the approve action when the run waits for it.
 */
export function PolicyResultsPanel({ results, action, policyHref, renderLink }: PolicyResultsPanelProps) {
  const { t, i18n } = useLingui();
  if (results === undefined) {
    return <p className="text-sm text-muted-foreground">{t`The control policies have not been evaluated yet.`}</p>;
  }
  if (results.length === 0) {
    return <EmptyState icon={<ShieldCheck aria-hidden />} title={t`No control policy applies`} text={t`No policy or policy group is mapped to this stack or its namespace.`} />;
  }
  const rows = sortPolicyResultsBySeverity(results);
  const counts = { passed: 0, failed: 0, error: 0 } satisfies Record<PolicyCheckStatus, number>;
  for (const row of rows) counts[resolvePolicyCheckStatus(row)] += 1;

  return (
    <div data-slot="policy-results" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm" aria-live="polite">
          {t`${counts.failed} failed, ${counts.error} unable to check, ${counts.passed} passed`}
        </p>
        {action && <div className="ms-auto">{action}</div>}
      </div>
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t`Control policy results, worst first`}</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="py-1 text-start font-medium">{t`Policy`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`Enforcement`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`Result`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`Severity score`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`Details`}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const status = resolvePolicyCheckStatus(row);
            const href = row.controlPolicyId ? policyHref?.(row.controlPolicyId) : undefined;
            return (
              <tr key={row.controlPolicyId ?? index} className="border-t border-border align-top" data-status={status}>
                <td className="py-2 pe-3">
                  <div className="font-medium">{href && renderLink ? renderLink(href, row.policyName) : row.policyName}</div>
                  {row.policyType && <div className="text-xs text-muted-foreground">{i18n._(policyTypeLabels[row.policyType])}</div>}
                </td>
                <td className="py-2 pe-3">{i18n._(enforcementLabels[row.enforcementLevel])}</td>
                <td className="py-2 pe-3">
                  <Badge tone={tone[status]}>{i18n._(policyCheckLabel(status))}</Badge>
                </td>
                <td className="py-2 pe-3 tabular-nums">{row.severityScore ?? policyRowScore(row)}</td>
                <td className="py-2">
                  {row.errorMessage && <p className="text-warning-subtle-foreground">{row.errorMessage}</p>}
                  {row.failedResources && row.failedResources.length > 0 && (
                    <ul className="flex flex-col gap-1" aria-label={t`Resources that failed ${row.policyName}`}>
                      {row.failedResources.map((resource) => (
                        <li key={resource.address}>
                          <code dir="ltr" className="font-mono text-xs">{resource.address}</code>
                          {resource.message && <span className="text-muted-foreground">: {resource.message}</span>}
                        </li>
                      ))}
                    </ul>
                  )}
                  {!row.errorMessage && !row.failedResources?.length && <span className="text-muted-foreground">—</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
