import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@terrace/design-system';
import {
  useAuthorizeTerraformLoginMutation,
  type TerraformLoginAuthorization,
} from '@terrace/organization/data-access';
import { useCurrentSession } from '@terrace/session';
import { Terminal } from 'lucide-react';
import { useState } from 'react';
import { TokenCreateForm } from './token-create-form';

/** The approval card: who signs in, where the CLI waits, and the token the login will create. */
export function TerraformLoginApproval({
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
            const redirectUrl = await authorize.mutateAsync({
              ...request,
              tokenName: input.name,
              expiresInDays: input.expiresInDays ?? null,
            });
            setReturning(true);
            redirect(redirectUrl);
          }}
        />
      </Card>
    </>
  );
}
