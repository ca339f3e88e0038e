import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  LazyConfirmDialog,
  FormField,
  Input,
  Skeleton,
  Stack,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import type { MfaSetup } from '@terrace/organization/data-access';
import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';

// The QR code's encoder (about 4 KiB gzip) is needed only once a set-up starts: it loads then,
// while the server makes the secret.
const loadQrCode = () => import('./qr-code').then((m) => ({ default: m.QrCode }));
const QrCode = lazy(loadQrCode);

export interface MfaPanelProps {
  enabled: boolean;
  /** Asks the server for a new secret; the panel shows it as a QR code. */
  onGenerate: () => Promise<MfaSetup>;
  /** Confirms the set-up with a code from the app; rejects on a wrong code. */
  onEnable: (code: string) => Promise<unknown>;
  /** The contract asks for a current code from the app to turn MFA off. */
  onDisable: (code: string) => Promise<unknown>;
  /** Organizations can require MFA for direct sign-in; then it cannot be switched off here. */
  required?: boolean;
}

const CODE = /^\d{6}$/;

/** Two-factor authentication with an authenticator app (TOTP). */
export function MfaPanel({ enabled, onGenerate, onEnable, onDisable, required = false }: MfaPanelProps) {
  const { t } = useLingui();
  const titleId = useId();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [disableCode, setDisableCode] = useState('');
  const [disableError, setDisableError] = useState<string | null>(null);

  const start = async () => {
    setPending(true);
    void loadQrCode();
    try {
      setSetup(await onGenerate());
    } catch {
      // The client has shown why; the user can try again.
    } finally {
      setPending(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!CODE.test(code.trim())) {
      setCodeError(t`Enter the 6-digit code your authenticator app shows.`);
      return;
    }
    setCodeError(null);
    setPending(true);
    try {
      await onEnable(code.trim());
      setSetup(null);
      setCode('');
    } catch {
      // Keep the QR code and the code on screen: a wrong or expired code is retyped, not rescanned.
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle id={titleId} level={2}>{t`Two-factor authentication`}</CardTitle>
          <CardDescription>
            {enabled
              ? t`On: signing in asks for a code from your authenticator app.`
              : t`Off: add a code from an authenticator app to your password when you sign in.`}
          </CardDescription>
        </div>
        {enabled && <ShieldCheck className="size-5 text-success-subtle-foreground" aria-hidden />}
      </CardHeader>
      {setup ? (
        <form onSubmit={(event) => void confirm(event)} noValidate aria-labelledby={titleId}>
          <CardBody>
            <Stack direction="row" gap={6} wrap align="start">
              {/* The code's own size (192 px) while it loads. */}
              <Suspense fallback={<Skeleton className="size-48" />}>
                <QrCode value={setup.otpauthUrl} label={t`QR code to add this account to an authenticator app`} />
              </Suspense>
              <Stack gap={3} className="max-w-sm">
                <ol className="list-decimal ps-5 text-sm">
                  <li>{t`Scan the QR code with an authenticator app.`}</li>
                  <li>{t`Enter the 6-digit code the app shows.`}</li>
                </ol>
                <p className="text-sm text-muted-foreground">
                  {t`Cannot scan? Enter this key in the app instead:`}{' '}
                  <code className="font-mono text-xs break-all text-foreground">{setup.secret}</code>
                </p>
                <FormField label={t`Code from the app`} required error={codeError}>
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
                  />
                </FormField>
              </Stack>
            </Stack>
          </CardBody>
          <CardFooter>
            <Button type="button" variant="outline" onClick={() => setSetup(null)}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={pending}>
              {t`Turn on two-factor authentication`}
            </Button>
          </CardFooter>
        </form>
      ) : (
        <CardFooter>
          {enabled ? (
            <form
              className="flex w-full flex-wrap items-end justify-end gap-2"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!CODE.test(disableCode.trim())) {
                  setDisableError(t`Enter the 6-digit code your authenticator app shows.`);
                  return;
                }
                setDisableError(null);
                setDisabling(true);
              }}
            >
              {!required && (
                <FormField label={t`Current code from the app`} error={disableError} className="w-48">
                  <Input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={disableCode}
                    onChange={(event) => setDisableCode(event.target.value.replace(/\s/g, ''))}
                  />
                </FormField>
              )}
              <Button
                type="submit"
                variant="danger"
                disabled={required}
                title={required ? t`Your organization requires two-factor authentication.` : undefined}
              >
                {t`Turn off two-factor authentication`}
              </Button>
            </form>
          ) : (
            <Button loading={pending} onClick={() => void start()}>
              {t`Set up two-factor authentication`}
            </Button>
          )}
        </CardFooter>
      )}
      <LazyConfirmDialog
        open={disabling}
        onOpenChange={setDisabling}
        tone="danger"
        title={t`Turn off two-factor authentication?`}
        description={t`Signing in will ask only for your password.`}
        phrase={confirmationPhrases.disableMfa}
        confirmLabel={t`Turn off`}
        onConfirm={async () => {
          await onDisable(disableCode.trim());
          setDisableCode('');
        }}
      />
    </Card>
  );
}
