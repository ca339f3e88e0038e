import { useLingui } from '@lingui/react/macro';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Badge,
  CodeBlock,
  StatusBadge,
  cn,
} from '@terrace/design-system';
import { formatDuration, policyCheckLabel, resolvePolicyCheckStatus, sortPolicyResultsBySeverity } from '@terrace/domain';
import type { ReactNode } from 'react';
import { PlanSummary } from './plan-summary';
import { stepLabels } from './step-labels';
import type { CommandResultView, StepResultsView, StepView } from './run-view';

export interface StepTimelineProps {
  steps: readonly StepView[];
  /** The steps' results (the spec's result keys); a step without one shows only its status. */
  results?: StepResultsView;
  className?: string;
}

type CustomFlowHook = keyof NonNullable<StepResultsView['customFlow']>;
const customFlowHooks: Record<string, CustomFlowHook> = {
  customFlowBeforeInit: 'beforeInit',
  customFlowAfterInit: 'afterInit',
  customFlowBeforePlan: 'beforePlan',
  customFlowAfterPlan: 'afterPlan',
  customFlowBeforeApply: 'beforeApply',
  customFlowAfterApply: 'afterApply',
};

/**
 * The steps of a run in order, each with its status and duration; a step with a result opens
 * to show it: command output (init, lint, custom flows, apply, task), the security findings,
 * the plan's changes, the cost difference, the control policies worst first.
 */
export function StepTimeline({ steps, results, className }: StepTimelineProps) {
  const { t, i18n } = useLingui();
  if (steps.length === 0) return <p className="text-sm text-muted-foreground">{t`No step has started yet.`}</p>;
  return (
    <Accordion type="multiple" data-slot="step-timeline" className={className}>
      {steps.map((step) => {
        const label = stepLabels[step.name] ? i18n._(stepLabels[step.name]!) : step.name;
        const detail = results ? stepDetail(step.name, results) : null;
        const duration =
          step.startedAt && step.finishedAt ? i18n._(formatDuration(Date.parse(step.finishedAt) - Date.parse(step.startedAt))) : null;
        const heading = (
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-3">
            <StatusBadge status={step.status} size="sm" />
            <span className="font-medium text-foreground">{label}</span>
            {duration && <span className="text-xs text-muted-foreground tabular-nums">{duration}</span>}
          </span>
        );
        return (
          <AccordionItem key={step.name} value={step.name} data-step={step.name} disabled={!detail}>
            {detail ? (
              <>
                <AccordionTrigger>{heading}</AccordionTrigger>
                <AccordionContent className="text-foreground">{detail}</AccordionContent>
              </>
            ) : (
              // A step without a result has nothing to open: a plain row, not a disabled button.
              <div className="flex px-4 py-3 text-sm">{heading}</div>
            )}
          </AccordionItem>
        );
      })}
    </Accordion>
  );

  function stepDetail(name: string, r: StepResultsView): ReactNode {
    const hook = customFlowHooks[name];
    if (hook) return command(r.customFlow?.[hook]);
    switch (name) {
      case 'gitClone':
        return command(r.gitCloneResult);
      case 'terraformInit':
        return command(r.terraformInitResult);
      case 'tfLint':
        return command(r.tfLintResult);
      case 'terraformApply':
        return command(r.terraformApplyResult);
      case 'taskExecution':
        return command(r.taskExecutionResult);
      case 'tfSec':
        return tfSec(r.tfSecResult);
      case 'terraformPlan':
        return r.terraformPlanResult?.summary || r.terraformPlanResult?.stdOut || r.terraformPlanResult?.stdErr ? (
          <div className="flex flex-col gap-3">
            <PlanSummary summary={r.terraformPlanResult.summary} />
            {command(r.terraformPlanResult)}
          </div>
        ) : null;
      case 'infracost':
        return infracost(r.infracostResult);
      case 'controlPolicies':
        return policies(r.controlPoliciesResult);
      default:
        return null;
    }
  }

  function command(result: CommandResultView | undefined): ReactNode {
    if (!result || (!result.stdOut && !result.stdErr && !result.skippedReason)) return null;
    const reason = result.skippedReason;
    return (
      <div className="flex flex-col gap-3">
        {reason && <p>{t`Skipped: ${reason}`}</p>}
        {result.stdOut && <CodeBlock code={result.stdOut} ansi title={t`Output`} maxHeight={320} />}
        {result.stdErr && <CodeBlock code={result.stdErr} ansi title={t`Errors`} maxHeight={320} />}
      </div>
    );
  }

  function tfSec(result: StepResultsView['tfSecResult']): ReactNode {
    if (!result) return null;
    const checks = result.failedTfSecChecks ?? [];
    const severityLabel = (severity: string | undefined) =>
      ({ LOW: t`Low`, MEDIUM: t`Medium`, HIGH: t`High`, CRITICAL: t`Critical` })[severity ?? ''] ?? severity ?? t`Unknown`;
    const severityTone = (severity: string | undefined) =>
      severity === 'CRITICAL' || severity === 'HIGH' ? 'danger' : severity === 'MEDIUM' ? 'warning' : 'info';
    return (
      <div className="flex flex-col gap-3">
        {checks.length === 0 ? (
          <p>{t`No security findings.`}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t`Security findings`}>
            {checks.map(({ resolution, ...check }, index) => (
              <li key={index} className="rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={severityTone(check.severity)}>{severityLabel(check.severity)}</Badge>
                  <span className="font-medium">{check.description}</span>
                </div>
                {check.resource && (
                  <p className="mt-1 font-mono text-xs" dir="ltr">
                    {check.resource}
                  </p>
                )}
                {resolution && <p className="mt-1 text-muted-foreground">{t`Resolution: ${resolution}`}</p>}
              </li>
            ))}
          </ul>
        )}
        {result.stdOut && <CodeBlock code={result.stdOut} ansi title={t`Output`} maxHeight={320} />}
      </div>
    );
  }

  function infracost(result: StepResultsView['infracostResult']): ReactNode {
    if (!result || (!result.diffOutput && result.monthlyCostDiff === undefined)) return null;
    const diff = result.monthlyCostDiff;
    return (
      <div className="flex flex-col gap-3">
        {diff !== undefined && (
          <p>
            {t`Monthly cost change:`}{' '}
            <span className={cn('font-semibold tabular-nums', diff > 0 && 'text-danger-subtle-foreground')}>
              {i18n.number(diff, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' })}
            </span>
          </p>
        )}
        {result.diffOutput && <CodeBlock code={result.diffOutput} ansi title={t`Cost difference`} maxHeight={320} />}
      </div>
    );
  }

  function policies(result: StepResultsView['controlPoliciesResult']): ReactNode {
    const rows = result?.controlPoliciesRunResult ?? [];
    if (rows.length === 0) return result ? <p>{t`No control policy applies to this stack.`}</p> : null;
    const levels: Record<string, string> = { warning: t`Warning`, softMandatory: t`Soft mandatory`, hardMandatory: t`Hard mandatory` };
    return (
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t`Control policy results`}</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="py-1 text-start font-medium">{t`Policy`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`Enforcement`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`Result`}</th>
          </tr>
        </thead>
        <tbody>
          {sortPolicyResultsBySeverity(rows).map((row, index) => {
            const status = resolvePolicyCheckStatus(row);
            return (
              <tr key={row.controlPolicyId ?? index} className="border-t border-border">
                <td className="py-2">{row.policyName}</td>
                <td className="py-2">{levels[row.enforcementLevel] ?? row.enforcementLevel}</td>
                <td className="py-2">
                  <Badge tone={status === 'passed' ? 'success' : status === 'failed' ? 'danger' : 'warning'}>{i18n._(policyCheckLabel(status))}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }
}
