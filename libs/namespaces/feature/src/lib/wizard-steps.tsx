import { useLingui } from '@lingui/react/macro';
import { Button, Card, CardBody, CardFooter, Stack } from '@terrace/design-system';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface WizardStep<Id extends string> {
  id: Id;
  title: string;
  content: ReactNode;
}

export interface WizardStepsProps<Id extends string> {
  steps: WizardStep<Id>[];
  current: Id;
  onStepChange: (step: Id) => void;
  /** Next runs this for the current step and stays when it answers false; Back never validates. */
  validate: (step: Id) => boolean;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
}

/**
 * Step list, the current step and Back / Next / submit. Stands in for the design system's Wizard,
 * which is not on main yet; it follows the same rule (Next validates the current step, Back does not).
 */
export function WizardSteps<Id extends string>({ steps, current, onStepChange, validate, submitLabel, onSubmit, onCancel }: WizardStepsProps<Id>) {
  const { t } = useLingui();
  const index = Math.max(0, steps.findIndex((step) => step.id === current));
  const [visited, setVisited] = useState(index);
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isLast = index === steps.length - 1;
  const active = steps[index];

  useEffect(() => setVisited((v) => Math.max(v, index)), [index]);
  // Moving between steps puts focus on the new step's heading, so screen readers announce it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  const go = (target: number) => {
    const step = steps[target];
    if (step) onStepChange(step.id);
  };

  const next = async () => {
    if (!active || !validate(active.id)) return;
    if (!isLast) {
      go(index + 1);
      return;
    }
    setPending(true);
    try {
      await onSubmit();
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label={t`Steps`} className="md:w-56 md:shrink-0">
        <ol className="flex flex-col gap-1">
          {steps.map((step, i) => {
            const done = i < index;
            const reachable = i <= visited && i !== index;
            return (
              <li key={step.id}>
                <button
                  type="button"
                  disabled={!reachable}
                  aria-current={i === index ? 'step' : undefined}
                  // Going forward to a visited step passes through Next's checks for the steps in between.
                  onClick={() => {
                    if (i < index) go(i);
                    else if (steps.slice(index, i).every((s) => validate(s.id))) go(i);
                  }}
                  className="flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-start text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground disabled:cursor-default disabled:hover:bg-transparent aria-[current=step]:bg-primary-subtle aria-[current=step]:font-medium aria-[current=step]:text-primary-subtle-foreground"
                >
                  <span
                    className="flex size-6 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-xs"
                    aria-hidden="true"
                  >
                    {done ? <Check className="size-3.5" /> : i + 1}
                  </span>
                  <span>{step.title}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <Card className="min-w-0 flex-1">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void next();
          }}
        >
          <CardBody>
            <Stack gap={4} className="py-2">
              <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
                {t`Step ${index + 1} of ${steps.length}: ${active?.title ?? ''}`}
              </h2>
              {active?.content}
            </Stack>
          </CardBody>
          <CardFooter className="justify-between">
            <Button type="button" variant="ghost" onClick={onCancel}>
              {t`Cancel`}
            </Button>
            <Stack direction="row" gap={2}>
              {index > 0 && (
                <Button type="button" variant="outline" onClick={() => go(index - 1)}>
                  {t`Back`}
                </Button>
              )}
              <Button type="submit" loading={pending}>
                {isLast ? submitLabel : t`Next`}
              </Button>
            </Stack>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
