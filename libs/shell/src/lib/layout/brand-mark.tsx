import { useLingui } from '@lingui/react/macro';
import { appBase } from '@terrace/session';
import { Layers } from 'lucide-react';
import { Link } from 'react-router';

/** The product mark; links to the user's home page. */
export function BrandMark({
  compact = false,
  className,
  nameClassName,
}: {
  compact?: boolean;
  className?: string;
  /** Classes of the product name beside the mark (e.g. hidden on a phone). */
  nameClassName?: string;
}) {
  const { t } = useLingui();
  return (
    <Link
      to={appBase}
      className={`flex items-center gap-2 rounded-md font-semibold text-foreground focus-visible:outline-2 focus-visible:outline-ring ${className ?? ''}`}
      aria-label={t`Terrace home`}
    >
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Layers aria-hidden className="size-5" />
      </span>
      {!compact && <span className={`text-base tracking-tight ${nameClassName ?? ''}`}>Terrace</span>}
    </Link>
  );
}
