import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  CopyButton,
  lazyDialog,
  LoadingIndicator,
  PageHeader,
  SecretReveal,
  Stack,
  toast,
} from '@terrace/design-system';
import { useCreatePersonalAccessTokenMutation, type PersonalAccessToken, type TerraformLoginAuthorization } from '@terrace/organization/data-access';
import { Plus, Terminal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PersonalAccessTokenList } from './personal-access-token-list';

// The manual flow opens on its instructions and the token list; the creation form (form engine and
// validation schemas) loads with its dialog when first opened. The login.v1 approval, a different
// first view that shows its form at once, loads on its own.
const TokenCreateDialog = lazyDialog(() => import('./token-create-dialog').then((m) => m.TokenCreateDialog));
const TerraformLoginApproval = lazy(() => import('./terraform-login-approval').then((m) => ({ default: m.TerraformLoginApproval })));

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
  const [creating, setCreating] = useState(false);
  // Once created, the token's card takes the focus from the dialog (its button is gone by then).
  const tokenTitle = useRef<HTMLHeadingElement>(null);
  const shownTokenId = token?.id;
  useEffect(() => {
    if (shownTokenId) tokenTitle.current?.focus();
  }, [shownTokenId]);

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
          <Suspense fallback={<LoadingIndicator />}>
            <TerraformLoginApproval host={host} request={request} redirect={redirect} onDecline={() => setDeclined(true)} />
          </Suspense>
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
            <CardTitle level={2} ref={tokenTitle} tabIndex={-1} className="outline-none">
              {t`Your token`}
            </CardTitle>
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
      ) : null}
      <Card>
        <CardHeader>
          {/* The text takes what room is left, so the button stays beside the title on a wide page. */}
          <div className="min-w-0 flex-1">
            <CardTitle level={2}>{t`Your personal access tokens`}</CardTitle>
            <CardDescription>{t`Tokens you created in this organization. Revoke the ones you no longer use.`}</CardDescription>
          </div>
          {/* A second token needs a new visit, so the one shown above is not replaced unseen. */}
          {!token?.token && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {t`Create token`}
            </Button>
          )}
        </CardHeader>
        <CardBody>
          <PersonalAccessTokenList onRevoked={(revoked) => revoked.id === token?.id && setToken(null)} />
        </CardBody>
      </Card>
      <TokenCreateDialog
        open={creating}
        onOpenChange={setCreating}
        defaultName={t`terraform login`}
        onCreate={async (input) => {
          setToken(await create.mutateAsync(input));
          toast.success(t`Token created. Copy it now.`);
        }}
      />
    </Stack>
  );
}
