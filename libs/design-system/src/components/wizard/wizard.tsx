import { useLingui } from '@lingui/react/macro';
import { Check, ChevronLeft, ChevronRight, CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export interface WizardStep {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  content: ReactNode;
  /** Runs before Next or Finish leaves the step, e.g. the form's `trigger`; false keeps the user here. */
  validate?: () => boolean | Promise<boolean>;
  /** Marks the step in the step list as having errors (e.g. a field the server refused). */
  invalid?: boolean;
}

export interface WizardProps {
  steps: readonly WizardStep[];
  onFinish: () => void | Promise<void>;
  finishLabel?: ReactNode;
  /** Controlled current step index. */
  step?: number;
  onStepChange?: (step: number) => void;
  /** Shows a Cancel button at the start of the footer. */
  onCancel?: () => void;
  /** 'vertical' puts the step list beside the step on wide screens (long forms); default 'horizontal'. */
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

/**
 * Steps of one form. Next (or Enter in a field) runs the current step's `validate` and stays on
 * the step when it fails; Back never validates and keeps every value (the values live with the
 * caller). Steps already visited can be picked in the step list: going forward that way passes
 * through every step's `validate` in between. Moving puts focus on the new step's heading.
 */
export function Wizard({
  steps,
  onFinish,
  finishLabel,
  step: controlledStep,
  onStepChange,
  onCancel,
  orientation = 'horizontal',
  className,
}: WizardProps) {
  const { t } = useLingui();
  const [innerStep, setInnerStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const index = Math.min(Math.max(controlledStep ?? innerStep, 0), steps.length - 1);
  const [visited, setVisited] = useState(index);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const current = steps[index];
  const last = index === steps.length - 1;
  const vertical = orientation === 'vertical';

  useEffect(() => setVisited((v) => Math.max(v, index)), [index]);
  // Focus follows the step (not on first render), so screen readers announce the new one.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [index]);

  const go = (next: number) => {
    if (controlledStep === undefined) setInnerStep(next);
    onStepChange?.(next);
  };

  const guarded = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const advance = () =>
    guarded(async () => {
      if (!current) return;
      const ok = current.validate ? await current.validate() : true;
      if (!ok) return;
      if (last) await onFinish();
      else go(index + 1);
    });

  const jump = (target: number) => {
    if (target < index) {
      go(target);
      return;
    }
    void guarded(async () => {
      for (let i = index; i < target; i += 1) {
        const check = steps[i]?.validate;
        if (check && !(await check())) {
          if (i !== index) {
            go(i);
            // Shown again once there: the caller may clear errors when the step changes.
            await check();
          }
          return;
        }
      }
      go(target);
    });
  };

  if (!current) return null;
  const position = index + 1;
  const total = steps.length;

  return (
    <div
      data-slot="wizard"
      data-orientation={orientation}
      className={cn('flex flex-col gap-6', vertical && 'md:flex-row', className)}
    >
      {/* A list, not a nav landmark: the steps are progress; visited ones are buttons. */}
      <ol
        data-slot="wizard-steps"
        aria-label={t`Progress`}
        className={cn(
          'flex gap-2',
          vertical ? 'flex-col md:w-56 md:shrink-0' : 'flex-wrap items-center',
        )}
      >
        {steps.map((s, i) => {
          const state = i < index ? 'complete' : i === index ? 'current' : 'upcoming';
          const reachable = i !== index && i <= visited;
          const label = (
            <>
              <span
                aria-hidden
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  state === 'complete' && 'border-primary bg-primary text-primary-foreground',
                  state === 'current' &&
                    'border-primary bg-primary-subtle text-primary-subtle-foreground',
                  state === 'upcoming' && 'border-border text-muted-foreground',
                  s.invalid && 'border-danger bg-danger-subtle text-danger-subtle-foreground',
                )}
              >
                {s.invalid ? (
                  <CircleAlert className="size-3.5" strokeWidth={2.5} />
                ) : state === 'complete' ? (
                  <Check className="size-3.5" strokeWidth={3} />
                ) : (
                  i + 1
                )}
              </span>
              <span
                className={cn(
                  'text-sm',
                  state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {s.title}
                {state === 'complete' && !s.invalid && (
                  <span className="sr-only"> {t`(completed)`}</span>
                )}
                {s.invalid && <span className="sr-only"> {t`(has errors)`}</span>}
              </span>
            </>
          );
          return (
            <li
              key={s.id}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn('flex items-center gap-2', vertical && 'md:items-stretch')}
            >
              {reachable ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => jump(i)}
                  className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-start outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {label}
                </button>
              ) : (
                <span
                  className={cn(
                    'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5',
                    vertical && state === 'current' && 'bg-primary-subtle',
                  )}
                >
                  {label}
                </span>
              )}
              {!vertical && i < steps.length - 1 && (
                <span aria-hidden className="mx-1 h-px w-8 bg-border" />
              )}
            </li>
          );
        })}
      </ol>
      <form
        noValidate
        className="flex min-w-0 flex-1 flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void advance();
        }}
      >
        {/* Keyed by step so two steps with the same shape never share DOM inputs (and their values). */}
        <section
          key={current.id}
          data-slot="wizard-step"
          aria-labelledby={`wizard-step-${current.id}`}
          className="flex flex-col gap-4"
        >
          <div className="flex flex-col gap-1">
            <p className="text-xs font-medium text-muted-foreground">{t`Step ${position} of ${total}`}</p>
            <h2
              ref={headingRef}
              tabIndex={-1}
              id={`wizard-step-${current.id}`}
              className="text-lg font-semibold outline-none"
            >
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
          className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4"
        >
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
              {t`Cancel`}
            </Button>
          )}
          <div className={cn('flex items-center gap-2', onCancel ? 'ms-auto' : 'w-full justify-between')}>
            <Button
              type="button"
              variant="outline"
              onClick={() => go(index - 1)}
              disabled={index === 0 || busy}
            >
              <ChevronLeft aria-hidden className="rtl:rotate-180" />
              {t`Back`}
            </Button>
            <Button type="submit" loading={busy}>
              {last ? (finishLabel ?? t`Finish`) : t`Next`}
              {!last && <ChevronRight aria-hidden className="rtl:rotate-180" />}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
