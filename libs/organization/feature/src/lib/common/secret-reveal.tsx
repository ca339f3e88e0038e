import { useLingui } from '@lingui/react/macro';
import { Stack } from '@terrace/design-system';
import { CopyButton } from './copy-button';

export interface SecretRevealProps {
  secret: string;
  label: string;
}

/** A secret the server answers once (a new token): shown in full with a copy button and a warning. */
export function SecretReveal({ secret, label }: SecretRevealProps) {
  const { t } = useLingui();
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <p className="text-sm font-medium text-warning-subtle-foreground">
        {t`Copy the token now. It is shown only once and cannot be read again.`}
      </p>
      <Stack direction="row" gap={2} align="center">
        <code className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs break-all" data-testid="secret-value">
          {secret}
        </code>
        <CopyButton value={secret} />
      </Stack>
    </Stack>
  );
}
