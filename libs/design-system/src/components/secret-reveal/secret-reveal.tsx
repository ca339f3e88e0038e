import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CopyButton } from '../copy-button/copy-button';
import { Stack } from '../stack/stack';

export interface SecretRevealProps {
  secret: string;
  /** The accessible name of the group, e.g. 'New token'. */
  label: string;
  /** Defaults to the warning that the secret is shown only once. */
  warning?: ReactNode;
}

/** A secret the server answers once (a new token): shown in full with a copy button and a warning. */
export function SecretReveal({ secret, label, warning }: SecretRevealProps) {
  const { t } = useLingui();
  return (
    <Stack data-slot="secret-reveal" gap={2} role="group" aria-label={label}>
      <p className="text-sm font-medium text-warning-subtle-foreground">
        {warning ?? t`Copy the token now. It is shown only once and cannot be read again.`}
      </p>
      <Stack direction="row" gap={2} align="center">
        <code className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs break-all" data-testid="secret-value">
          {secret}
        </code>
        <CopyButton text={secret} variant="outline" />
      </Stack>
    </Stack>
  );
}
