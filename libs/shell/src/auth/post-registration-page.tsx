import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { authPaths } from '@terrace/session';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';

function PostRegistration({ marketplace }: { marketplace: string }) {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Thank you for registering`}>
      <FormAlert tone="success">
        {t`Your ${marketplace} subscription is registered. We sent you an e-mail to confirm your address; follow it, then sign in.`}
      </FormAlert>
      <Button asChild className="w-full">
        <Link to={authPaths.login()}>{t`Go to sign-in`}</Link>
      </Button>
    </AuthCard>
  );
}

export function PostAwsMarketplaceRegistrationPage() {
  return <PostRegistration marketplace="AWS Marketplace" />;
}

export function PostAzureMarketplaceRegistrationPage() {
  return <PostRegistration marketplace="Azure Marketplace" />;
}
