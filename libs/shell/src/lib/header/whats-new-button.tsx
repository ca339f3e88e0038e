import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { Sparkles } from 'lucide-react';

export const whatsNewUrl = 'https://docs.terrace.dev/whats-new';

/** The release feed; it lives with the documentation so it can be read without signing in. */
export function WhatsNewButton() {
  const { t } = useLingui();
  return (
    <Button asChild variant="ghost" size="sm" className="hidden xl:inline-flex">
      <a href={whatsNewUrl} target="_blank" rel="noreferrer">
        <Sparkles aria-hidden />
        {t`What's New`}
      </a>
    </Button>
  );
}
