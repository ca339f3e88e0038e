import { useLingui } from '@lingui/react/macro';
import { PageHeader, Stack } from '@terrace/design-system';

/** The Policies page. */
export function PoliciesPage() {
  const { t } = useLingui();
  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Policies`} />
    </Stack>
  );
}
