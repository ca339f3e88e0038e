import { PageHeader, Stack } from '@terrace/design-system';
import { Link } from 'react-router';

/** What an edit wizard shows for a managed policy or group: it cannot be changed, and the way back. */
export function ManagedWizardNotice({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={title} />
      <p>{message}</p>
      <Link className="text-primary-subtle-foreground hover:underline" to={back.to}>
        {back.label}
      </Link>
    </Stack>
  );
}
