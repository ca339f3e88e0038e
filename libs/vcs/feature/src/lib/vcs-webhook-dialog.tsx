import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  CopyButton,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  ErrorState,
  SecretReveal,
  Skeleton,
  Stack,
} from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { vcsQueries, webhookKindOf, type VcsProvider } from '@terrace/vcs/data-access';
import type { ReactNode } from 'react';

/**
 * The webhook set-up of one provider (URL, secret or properties), read only when this dialog opens
 * and not kept after it closes: the values to paste into the host's settings.
 */
export function VcsWebhookDialog({ provider, onClose }: { provider: VcsProvider; onClose: () => void }) {
  const { t } = useLingui();
  const client = useApiClient();
  const kind = webhookKindOf(provider.type);
  const details = useQuery({ ...vcsQueries.webhook(client, provider.id, kind ?? 'gitlab'), enabled: kind !== null });
  const warning = t`Paste it into the host's webhook settings. Anyone with it can send events to Terrace.`;
  let body: ReactNode;
  if (details.isPending) body = <Skeleton className="h-20 w-full" />;
  else if (details.isError) body = <ErrorState error={details.error} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  else {
    const { value } = details.data;
    body = (
      <Stack gap={4}>
        <Stack gap={2} role="group" aria-label={t`Webhook URL`}>
          <span className="text-sm font-medium">{t`Webhook URL`}</span>
          <Stack direction="row" gap={2} align="center">
            <code className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs break-all" dir="ltr">
              {value.webhookUrl}
            </code>
            <CopyButton text={value.webhookUrl} variant="outline" />
          </Stack>
        </Stack>
        {'secret' in value && (
          <Stack gap={2}>
            <span className="text-sm font-medium">{t`Webhook secret`}</span>
            <SecretReveal label={t`Webhook secret`} secret={value.secret} warning={warning} />
          </Stack>
        )}
        {'username' in value && (
          <>
            <SecretReveal label={t`Basic authentication user name`} secret={value.username} warning={t`The service hook's basic authentication user name.`} />
            <SecretReveal label={t`Basic authentication password`} secret={value.password} warning={warning} />
          </>
        )}
        {'manifest' in value && (
          <SecretReveal
            label={t`GitHub App manifest`}
            secret={JSON.stringify(value.manifest, null, 2)}
            warning={t`Create the GitHub App from this manifest on your GitHub Enterprise server.`}
          />
        )}
      </Stack>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t`Webhook of ${provider.name}`}</DialogTitle>
          <DialogDescription>{t`Pull request and push events reach Terrace through this webhook.`}</DialogDescription>
        </DialogHeader>
        <DialogBody>{body}</DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t`Close`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
