import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { appBase, authPaths, readStoredUser } from '@terrace/session';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';

/**
 * After a marketplace registration: the registration signed the new admin in, so the page leads
 * into the console (or to sign-in when opened without a session). An Azure registration creates
 * the admin without a password; the page says how to set one.
 */
function PostRegistration({ marketplace, passwordless }: { marketplace: string; passwordless: boolean }) {
  const { t } = useLingui();
  const { email } = readStoredUser();
  const signedIn = email !== '';
  return (
    <AuthCard title={t`Thank you for registering`}>
      <FormAlert tone="success">
        {signedIn
          ? t`Your ${marketplace} subscription is registered and you are signed in to its organization as ${email}.`
          : t`Your ${marketplace} subscription is registered. Sign in to its organization.`}
      </FormAlert>
      {passwordless && (
        <FormAlert tone="info">
          {t`Your account has no password yet. To sign in with a password later, choose 'Forgot your password?' on the sign-in page and enter the subscription's e-mail address.`}
        </FormAlert>
      )}
      <Button asChild className="w-full">
        {signedIn ? <Link to={appBase}>{t`Open the console`}</Link> : <Link to={authPaths.login()}>{t`Go to sign-in`}</Link>}
      </Button>
    </AuthCard>
  );
}

export function PostAwsMarketplaceRegistrationPage() {
  return <PostRegistration marketplace="AWS Marketplace" passwordless={false} />;
}

export function PostAzureMarketplaceRegistrationPage() {
  return <PostRegistration marketplace="Azure Marketplace" passwordless />;
}
