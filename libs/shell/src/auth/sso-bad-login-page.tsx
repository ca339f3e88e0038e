import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { authPaths } from '@terrace/session';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { invalidSsoSessionReason } from './use-sso-potential-session';

/** What went wrong and what to do, by the reason the API names (BadLoginReason on the server). */
function useReasonText(): (reason: string | null) => string {
  const { t } = useLingui();
  return (reason) => {
    switch (reason) {
      case invalidSsoSessionReason:
        return t`This single sign-on session is invalid, already used or expired. Sign in with single sign-on again.`;
      case 'wrongBrowser':
      case 'invalidState':
        return t`This sign-in was started in another browser, or it took too long. Start single sign-on again in this browser.`;
      case 'idpError':
        return t`Your identity provider refused or cancelled the sign-in. Try again, or ask your administrator to check the Terrace application in your identity provider.`;
      case 'notConfigured':
        return t`Single sign-on is no longer set up for this organization. Ask your administrator.`;
      case 'invalidResponse':
      case 'invalidSignature':
      case 'wrongAudience':
      case 'wrongDestination':
      case 'wrongInResponseTo':
      case 'replayedAssertion':
        return t`Terrace could not verify the answer of your identity provider. Ask your administrator to check the identity provider settings (certificate, audience and reply URL).`;
      case 'missingEmail':
        return t`Your identity provider did not send an e-mail address. Ask your administrator to release the e-mail attribute to Terrace.`;
      case 'emailNotVerified':
        return t`Your identity provider says your e-mail address is not verified. Verify it there, then try again.`;
      case 'domainNotAllowed':
        return t`The domain of your e-mail address is not one this organization signs in with single sign-on. Ask your administrator to add it.`;
      default:
        return t`Your identity provider signed you in, but Terrace could not match you to an organization. Ask your administrator to check that your account is assigned to Terrace.`;
    }
  };
}

/** Where a failed single sign-on ends: what went wrong, what to do, and the ways back in. */
export function SsoBadLoginPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const reasonText = useReasonText();
  return (
    <AuthCard title={t`Single sign-on did not work`}>
      <FormAlert tone="danger">{reasonText(params.get('reason'))}</FormAlert>
      <div className="flex flex-col gap-2">
        <Button asChild className="w-full">
          <Link to={authPaths.loginSso}>{t`Try single sign-on again`}</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to={authPaths.login()}>{t`Sign in with a password`}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
