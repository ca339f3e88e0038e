import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@terrace/design-system';
import { Hourglass } from 'lucide-react';

export interface NotAvailableSectionProps {
  title: string;
}

/** A section the console does not offer yet, said plainly rather than left blank. */
export function NotAvailableSection({ title }: NotAvailableSectionProps) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<Hourglass aria-hidden />}
      title={t`${title} are not available yet`}
      text={t`This part of the organization settings is coming in a later release. Nothing here needs your attention now.`}
    />
  );
}
