import { useLingui } from '@lingui/react/macro';
import { Button, DeferredTooltip } from '@terrace/design-system';
import { sessionRequests, useApiClient } from '@terrace/session';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';

export const documentationUrl = 'https://docs.terrace.dev';

/**
 * Opens the documentation signed in: POST /docs/gitbookToken, then the site with jwt_token. If
 * the token cannot be had the plain link opens, so help is never out of reach (spec §7).
 */
export function DocumentationLink() {
  const { t } = useLingui();
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Opened before the await so the browser still treats it as a reaction to the click.
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    let url = documentationUrl;
    try {
      const token = await sessionRequests.documentationToken(client);
      url = `${documentationUrl}?jwt_token=${encodeURIComponent(token)}`;
    } catch {
      url = documentationUrl;
    } finally {
      setBusy(false);
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  };
  return (
    <DeferredTooltip content={t`Documentation`}>
      <Button variant="ghost" size="icon" aria-label={t`Documentation`} loading={busy} onClick={() => void open()}>
        {!busy && <BookOpen />}
      </Button>
    </DeferredTooltip>
  );
}
