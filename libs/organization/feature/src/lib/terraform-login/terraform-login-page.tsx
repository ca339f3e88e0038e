import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  CopyButton,
  PageHeader,
  SecretReveal,
  Stack,
  toast,
} from '@terrace/design-system';
import {
  useAuthorizeTerraformLoginMutation,
  useCreatePersonalAccessTokenMutation,
  type PersonalAccessToken,
  type TerraformLoginAuthorization,
} from '@terrace/organization/data-access';
import { useCurrentSession } from '@terrace/session';
import { Terminal } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PersonalAccessTokenList } from './personal-access-token-list';
import { TokenCreateForm } from './token-create-form';

export interface TerraformLoginPageProps {
  /** The host name Terraform asked for; defaults to the host serving the console. */
  host?: string;
  /** Sends the browser to the CLI's loopback address (the browser's own navigation unless given). */
  redirect?: (url: string) => void;
}

const browserRedirect = (url: string) => window.location.assign(url);

/** The ports `terraform login` listens on for the redirect (the discovery document's `login.v1.ports`). */
const loginPorts = [10000, 10010] as const;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The OAuth query `terraform login` opens this page with (login.v1, authorization code with PKCE):
 * the request when it is one this server answers, `invalid` when it is malformed or would send the
 * code anywhere but the CLI's loopback listener, null when the page was opened without one.
 */
export function terraformLoginRequest(params: URLSearchParams): Omit<TerraformLoginAuthorization, 'tokenName' | 'expiresInDays'> | 'invalid' | null {
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri && !params.get('code_challenge')) return null;
  const state = params.get('state');
  const codeChallenge = params.get('code_challenge');
  if (!redirectUri || !state || !codeChallenge || params.get('code_challenge_method') !== 'S256' || (params.get('response_type') ?? 'code') !== 'code') return 'invalid';
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return 'invalid';
  }
  const port = Number(url.port);
  if (url.protocol !== 'http:' || !loopbackHosts.has(url.hostname) || port < loginPorts[0] || port > loginPorts[1]) return 'invalid';
  return { clientId: params.get('client_id') ?? 'terraform-cli', redirectUri, state, codeChallenge, codeChallengeMethod: 'S256' };
}

/**
 * `terraform login <host>`: with login.v1 the CLI opens this page with its OAuth query, and the
 * signed-in user approves: the page asks for a single-use code and sends the browser back to the
 * CLI's loopback address, which exchanges it for a personal access token. Opened without that
 * query (older CLIs, or by hand) it is the manual flow: create a token and paste it into the CLI.
 */
// The cards' titles are h3 elements in the design system; this page has no h2, so they announce
// themselves as level 2 (axe: heading-order).
export function TerraformLoginPage({ host = typeof window === 'undefined' ? '' : window.location.host, redirect = browserRedirect }: TerraformLoginPageProps) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const request = terraformLoginRequest(params);
  const create = useCreatePersonalAccessTokenMutation();
  const [token, setToken] = useState<PersonalAccessToken | null>(null);
  const [declined, setDeclined] = useState(false);

  const command = `terraform login ${host}`;
  if (request !== null && !declined) {
    return (
      <Stack gap={6} className="mx-auto w-full max-w-3xl p-6">
        <PageHeader title={t`Sign Terraform in to ${host}`} description={t`Terraform on your computer asks for access to ${host} as you.`} />
        {request === 'invalid' ? (
          <Card>
            <CardHeader>
              <div>
                <CardTitle level={2}>{t`This sign-in request cannot be used`}</CardTitle>
                <CardDescription>
                  {t`The link Terraform opened is incomplete, or it would send the sign-in to an address other than Terraform’s on your computer. Run terraform login again.`}
                </CardDescription>
              </div>
            </CardHeader>
          </Card>
        ) : (
          <TerraformLoginApproval host={host} request={request} redirect={redirect} onDecline={() => setDeclined(true)} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={6} className="mx-auto w-full max-w-3xl p-6">
      <PageHeader
        title={t`Sign Terraform in to ${host}`}
        description={t`Create an API token for the Terraform CLI on your computer.`}
      />
      {declined && (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          {t`You declined the sign-in. Terraform is still waiting in your terminal: stop it with Ctrl+C.`}{' '}
          <button type="button" className="text-primary-subtle-foreground underline" onClick={() => setParams({}, { replace: true })}>
            {t`Hide this message`}
          </button>
        </p>
      )}
      <Card>
        <CardHeader>
          <div>
            <CardTitle level={2}>{t`Host`}</CardTitle>
            <CardDescription>{t`Terraform asked for a token for this host. Check that it is the one you meant.`}</CardDescription>
          </div>
          <Terminal className="size-5 text-muted-foreground" aria-hidden />
        </CardHeader>
        <CardBody>
          <Stack direction="row" gap={2} align="center">
            <code className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-sm" dir="ltr">
              {command}
            </code>
            <CopyButton text={command} variant="outline" label={t`Copy command`} />
          </Stack>
        </CardBody>
      </Card>
      {token?.token ? (
        <Card>
          <CardHeader>
            <CardTitle level={2}>{t`Your token`}</CardTitle>
          </CardHeader>
          <CardBody>
            <Stack gap={4}>
              <SecretReveal secret={token.token} label={t`Token for ${host}`} />
              <ol className="flex list-decimal flex-col gap-1.5 ps-5 text-sm">
                <li>
                  <Trans>
                    Go back to your terminal, where Terraform shows <code className="font-mono">Token for {host}:</code>
                  </Trans>
                </li>
                <li>{t`Paste the token and press Enter. Nothing appears while you paste; that is expected.`}</li>
                <li>
                  <Trans>
                    Terraform saves it in <code className="font-mono">~/.terraform.d/credentials.tfrc.json</code> and uses it for this host from now on.
                  </Trans>
                </li>
              </ol>
              <p className="text-sm text-muted-foreground">
                {token.expiresAt
                  ? t`The token expires on ${i18n.date(token.expiresAt, { dateStyle: 'medium' })}. Run terraform login again to get a new one.`
                  : t`The token does not expire. Revoke it below when you no longer need it.`}
              </p>
            </Stack>
          </CardBody>
        </Card>
      ) : (
        <Card>
          <TokenCreateForm
            defaultName={t`terraform login`}
            onCreate={async (input) => {
              setToken(await create.mutateAsync(input));
              toast.success(t`Token created. Copy it now.`);
            }}
          />
        </Card>
      )}
      <Card>
        <CardHeader>
          <div>
            <CardTitle level={2}>{t`Your personal access tokens`}</CardTitle>
            <CardDescription>{t`Tokens you created in this organization. Revoke the ones you no longer use.`}</CardDescription>
          </div>
        </CardHeader>
        <CardBody>
          <PersonalAccessTokenList onRevoked={(revoked) => revoked.id === token?.id && setToken(null)} />
        </CardBody>
      </Card>
    </Stack>
  );
}

/** The approval card: who signs in, where the CLI waits, and the token the login will create. */
function TerraformLoginApproval({
  host,
  request,
  redirect,
  onDecline,
}: {
  host: string;
  request: Omit<TerraformLoginAuthorization, 'tokenName' | 'expiresInDays'>;
  redirect: (url: string) => void;
  onDecline: () => void;
}) {
  const { t } = useLingui();
  const session = useCurrentSession();
  const authorize = useAuthorizeTerraformLoginMutation();
  const [returning, setReturning] = useState(false);
  const email = session.status === 'success' ? session.session.user.email : '';
  const listener = new URL(request.redirectUri).host;
  if (returning) {
    return (
      <p role="status" className="text-sm">
        {t`Returning to Terraform… You can close this page once your terminal says you are signed in.`}
      </p>
    );
  }
  return (
    <>
      <Card>
        <CardHeader>
          <div>
            <CardTitle level={2}>{t`Check the request`}</CardTitle>
            <CardDescription>{t`Approve only if you just ran terraform login on this computer.`}</CardDescription>
          </div>
          <Terminal className="size-5 text-muted-foreground" aria-hidden />
        </CardHeader>
        <CardBody>
          <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="text-muted-foreground">{t`Signs in as`}</dt>
            <dd className="font-medium">{email}</dd>
            <dt className="text-muted-foreground">{t`Host`}</dt>
            <dd className="font-mono" dir="ltr">
              {host}
            </dd>
            <dt className="text-muted-foreground">{t`Terraform waits at`}</dt>
            <dd className="font-mono" dir="ltr">
              {listener}
            </dd>
          </dl>
        </CardBody>
      </Card>
      <Card>
        <TokenCreateForm
          defaultName={t`terraform login`}
          title={t`The token Terraform gets`}
          description={t`Approving creates a personal access token that acts as you, with your role and permissions. Terraform saves it on your computer.`}
          submitLabel={t`Approve and sign Terraform in`}
          extraActions={
            <Button type="button" variant="outline" onClick={onDecline}>
              {t`Decline`}
            </Button>
          }
          onCreate={async (input) => {
            const redirectUrl = await authorize.mutateAsync({ ...request, tokenName: input.name, expiresInDays: input.expiresInDays ?? null });
            setReturning(true);
            redirect(redirectUrl);
          }}
        />
      </Card>
    </>
  );
}
