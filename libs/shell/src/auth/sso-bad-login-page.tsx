import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { authPaths } from '@terrace/session';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { invalidSsoSessionReason } from './use-sso-potential-session';

/**
 * Where a failed single sign-on ends: what to check, and the ways back in. The API names the
 * reason; `wrongBrowser` (the sign-in was finished in another browser than the one that started
 * it, or its binding expired) has its own advice, every other reason the general one.
 */
export function SsoBadLoginPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t`Single sign-on did not work`}>
      <FormAlert tone="danger">
        {params.get('reason') === invalidSsoSessionReason
          ? t`This single sign-on session is invalid, already used or expired. Sign in with single sign-on again.`
          : params.get('reason') === 'wrongBrowser'
            ? t`This sign-in was started in another browser, or it took too long. Start single sign-on again in this browser.`
            : t`Your identity provider signed you in, but Terrace could not match you to an organization. Ask your administrator to check that your account is assigned to Terrace.`}
      </FormAlert>
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
