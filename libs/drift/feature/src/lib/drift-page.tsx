import { useLingui } from '@lingui/react/macro';
import { PageHeader, Stack } from '@terrace/design-system';

/** The Drift page. */
export function DriftPage() {
  const { t } = useLingui();
  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Drift`} />
    </Stack>
  );
}
