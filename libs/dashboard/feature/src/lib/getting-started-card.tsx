import { useLingui } from '@lingui/react/macro';
import { Button, Card, CardDescription, CardHeader, CardTitle, DisabledReason, cn } from '@terrace/design-system';
import type { GettingStarted } from '@terrace/dashboard/data-access';
import { useAccess, type AccessRequest } from '@terrace/session';
import { ArrowRight, Check } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { dashboardPaths } from './dashboard-paths';

interface Step {
  id: 'vcs' | 'namespace' | 'stack' | 'plan';
  done: boolean;
  title: string;
  text: string;
  action: string;
  /** Where the step is done; undefined until an earlier step makes it possible. */
  to: string | undefined;
  access: AccessRequest;
  waiting: string;
}

function StepAction({ step, primary }: { step: Step; primary: boolean }) {
  const access = useAccess(step.access);
  const variant = primary ? 'primary' : 'outline';
  if (!access.allowed || step.to === undefined) {
    return (
      <DisabledReason reason={access.allowed ? step.waiting : access.reason}>
        <Button size="sm" variant={variant} disabled>
          {step.action}
        </Button>
      </DisabledReason>
    );
  }
  return (
    <Button size="sm" variant={variant} asChild>
      <Link to={step.to}>
        {step.action}
        <ArrowRight aria-hidden className="rtl:rotate-180" />
      </Link>
    </Button>
  );
}

/**
 * The path a new organization follows, each step checked off from the server's data (not from
 * what this browser saw), each linking to where it is done. Hidden once every step is done.
 */
export function GettingStartedCard({ progress }: { progress: GettingStarted }) {
  const { t } = useLingui();
  const titleId = useId();
  const steps: Step[] = [
    {
      id: 'vcs',
      done: progress.vcsProviderConnected,
      title: t`Connect a version control provider`,
      text: t`Stacks read their code from GitHub, GitLab, Bitbucket or Azure DevOps.`,
      action: t`Connect provider`,
      to: dashboardPaths.vcsProviders(),
      access: 'vcsProvider:create',
      waiting: '',
    },
    {
      id: 'namespace',
      done: progress.namespaceCreated,
      title: t`Create a namespace`,
      text: t`Namespaces group stacks and hold the settings and permissions they share.`,
      action: t`Create namespace`,
      to: dashboardPaths.createNamespace(),
      access: 'createNamespaceWizard',
      waiting: '',
    },
    {
      id: 'stack',
      done: progress.stackCreated,
      title: t`Create a stack`,
      text: t`A stack is a repository path with its engine, state and variables.`,
      action: t`Create stack`,
      to: dashboardPaths.createStack(),
      access: 'createStackWizard',
      waiting: '',
    },
    {
      id: 'plan',
      done: progress.planRun,
      title: t`Run its first plan`,
      text: t`A plan shows what the stack's code would change, before anything is applied.`,
      action: t`Open the stack`,
      to: progress.firstStackId ? dashboardPaths.stack(progress.firstStackId) : undefined,
      access: 'plan:start',
      waiting: t`Create a stack first.`,
    },
  ];
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  if (done === total) return null;
  const next = steps.find((s) => !s.done)?.id;

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle level={2} id={titleId}>{t`Get started`}</CardTitle>
          <CardDescription>{t`Four steps from a new organization to a first plan.`}</CardDescription>
        </div>
        <div className="flex min-w-40 flex-col gap-1">
          <span className="text-sm text-muted-foreground">{t`${done} of ${total} done`}</span>
          <div
            role="progressbar"
            aria-label={t`Getting started progress`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${(done / total) * 100}%` }} />
          </div>
        </div>
      </CardHeader>
      <ol className="flex flex-col border-t border-border">
        {steps.map((step, index) => (
          <li
            key={step.id}
            data-step={step.id}
            data-done={step.done}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-5 py-3 last:border-b-0"
          >
            <span
              aria-hidden
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
                step.done ? 'border-transparent bg-success text-success-foreground' : 'border-border text-muted-foreground',
              )}
            >
              {step.done ? <Check className="size-4" /> : index + 1}
            </span>
            <div className="flex min-w-0 flex-1 flex-col">
              <span className={cn('text-sm font-medium', step.done && 'text-muted-foreground line-through')}>
                {step.title}
                <span className="sr-only">{step.done ? t`(done)` : t`(to do)`}</span>
              </span>
              <span className="text-sm text-muted-foreground">{step.text}</span>
            </div>
            {step.done ? (
              <span className="text-sm font-medium text-success-subtle-foreground">{t`Done`}</span>
            ) : (
              <StepAction step={step} primary={step.id === next} />
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
