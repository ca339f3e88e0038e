import { useLingui } from '@lingui/react/macro';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export interface WizardStep {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  content: ReactNode;
  /** Runs before Next or Finish leaves the step, e.g. react-hook-form's `trigger`; false keeps the user here. */
  validate?: () => boolean | Promise<boolean>;
}

export interface WizardProps {
  steps: readonly WizardStep[];
  onFinish: () => void | Promise<void>;
  finishLabel?: ReactNode;
  /** Controlled current step index. */
  step?: number;
  onStepChange?: (step: number) => void;
  className?: string;
}

export function Wizard({
  steps,
  onFinish,
  finishLabel,
  step: controlledStep,
  onStepChange,
  className,
}: WizardProps) {
  const { t } = useLingui();
  const [innerStep, setInnerStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const index = controlledStep ?? innerStep;
  const current = steps[index];
  const last = index === steps.length - 1;

  const go = (next: number) => {
    if (controlledStep === undefined) setInnerStep(next);
    onStepChange?.(next);
  };

  const advance = async () => {
    if (!current || busy) return;
    setBusy(true);
    try {
      const ok = current.validate ? await current.validate() : true;
      if (!ok) return;
      if (last) await onFinish();
      else go(index + 1);
    } finally {
      setBusy(false);
    }
  };

  if (!current) return null;
  const position = index + 1;
  const total = steps.length;

  return (
    <div data-slot="wizard" className={cn('flex flex-col gap-6', className)}>
      {/* A list, not a nav landmark: the steps are progress, not links. */}
      <ol
        data-slot="wizard-steps"
        aria-label={t`Progress`}
        className="flex flex-wrap items-center gap-x-2 gap-y-2"
      >
        {steps.map((s, i) => {
          const state = i < index ? 'complete' : i === index ? 'current' : 'upcoming';
          return (
            <li
              key={s.id}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex items-center gap-2"
            >
              <span
                aria-hidden
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  state === 'complete' && 'border-primary bg-primary text-primary-foreground',
                  state === 'current' &&
                    'border-primary bg-primary-subtle text-primary-subtle-foreground',
                  state === 'upcoming' && 'border-border text-muted-foreground',
                )}
              >
                {state === 'complete' ? <Check className="size-3.5" strokeWidth={3} /> : i + 1}
              </span>
              <span
                className={cn(
                  'text-sm',
                  state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {s.title}
                {state === 'complete' && <span className="sr-only"> {t`(completed)`}</span>}
              </span>
              {i < steps.length - 1 && <span aria-hidden className="mx-1 h-px w-8 bg-border" />}
            </li>
          );
        })}
      </ol>
      {/* Keyed by step so two steps with the same shape never share DOM inputs (and their values). */}
      <section
        key={current.id}
        data-slot="wizard-step"
        aria-labelledby={`wizard-step-${current.id}`}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t`Step ${position} of ${total}`}</p>
          <h2 id={`wizard-step-${current.id}`} className="text-lg font-semibold">
            {current.title}
          </h2>
          {current.description && (
            <p className="text-sm text-muted-foreground">{current.description}</p>
          )}
        </div>
        {current.content}
      </section>
      <div
        data-slot="wizard-footer"
        className="flex items-center justify-between gap-2 border-t border-border pt-4"
      >
        <Button variant="outline" onClick={() => go(index - 1)} disabled={index === 0 || busy}>
          <ChevronLeft aria-hidden className="rtl:rotate-180" />
          {t`Back`}
        </Button>
        <Button onClick={() => void advance()} loading={busy}>
          {last ? (finishLabel ?? t`Finish`) : t`Next`}
          {!last && <ChevronRight aria-hidden className="rtl:rotate-180" />}
        </Button>
      </div>
    </div>
  );
}
