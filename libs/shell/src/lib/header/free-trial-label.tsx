import { useLingui } from '@lingui/react/macro';
import { freeTrialLabel } from '@terrace/domain';
import { cn } from '@terrace/design-system';
import { Clock } from 'lucide-react';
import type { Organization } from '@terrace/session';

/** 'Free trial expires in: N day(s)' (N capped at 14), or 'Free trial has ended' in red (spec §4). */
export function FreeTrialLabel({ organization, now = new Date() }: { organization: Organization; now?: Date }) {
  const { i18n } = useLingui();
  if (organization.pricingPlan !== 'freeTrial' || !organization.freeTrialExpiration) return null;
  const label = freeTrialLabel(new Date(organization.freeTrialExpiration), now);
  return (
    <span
      data-testid="free-trial-label"
      data-tone={label.tone}
      className={cn(
        'hidden items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap md:inline-flex',
        label.tone === 'danger' ? 'bg-danger-subtle text-danger-subtle-foreground' : 'bg-muted text-muted-foreground',
      )}
    >
      <Clock aria-hidden className="size-3.5" />
      {i18n._(label.message)}
    </span>
  );
}
