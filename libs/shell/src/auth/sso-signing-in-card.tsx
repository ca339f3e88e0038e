import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@terrace/design-system';
import { AuthCard } from './auth-card';

/** Shown while the potential session of the identity provider's callback signs in. */
export function SsoSigningInCard() {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Signing you in`} description={t`Finishing single sign-on with your identity provider…`}>
      <div className="flex justify-center py-6">
        <Spinner className="size-8" label={t`Signing you in`} />
      </div>
    </AuthCard>
  );
}
