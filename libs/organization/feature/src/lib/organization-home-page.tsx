import { Trans } from '@lingui/react/macro';

export function OrganizationHomePage() {
  return (
    <main>
      <h1>
        <Trans>Organization</Trans>
      </h1>
    </main>
  );
}
