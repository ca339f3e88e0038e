import { Trans } from '@lingui/react/macro';

export function NamespacesHomePage() {
  return (
    <main>
      <h1>
        <Trans>Namespaces</Trans>
      </h1>
    </main>
  );
}
