import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, EmptyState, toast } from '@terrace/design-system';
import { sessionRequests, useApiClient } from '@terrace/session';
import { CheckCircle2, Lock } from 'lucide-react';
import { usePageTitle } from '../layout/use-page-title';

export const supportEmail = 'support@terrace.dev';

/**
 * Stands in for a page whose capability the organization's plan lacks (spec §2.3). Disaster
 * recovery also offers a 30-day free trial; asking for it records a console event for the team.
 */
export function CapabilityFallbackPage({ capability }: { capability: string }) {
  const { t } = useLingui();
  const client = useApiClient();
  usePageTitle(t`Upgrade Your subscription to access this feature`);
  const trial = useMutation({
    mutationFn: () =>
      sessionRequests.consoleEvent(client, {
        title: 'Disaster recovery free trial requested',
        message: `The organization asked for a 30-day free trial of ${capability}.`,
      }),
    onError: () => toast.error(t`The request could not be sent. Please contact support.`),
  });

  if (trial.isSuccess) {
    return (
      <Card className="mx-auto mt-14 w-[calc(100%-3rem)] max-w-2xl">
        <EmptyState
          titleLevel={1}
          icon={<CheckCircle2 />}
          title={t`Our team will be in touch soon`}
          text={t`We received your free trial request and will contact you by e-mail.`}
        />
      </Card>
    );
  }

  return (
    <Card className="mx-auto mt-14 w-[calc(100%-3rem)] max-w-2xl">
      <EmptyState
        titleLevel={1}
        icon={<Lock />}
        title={t`Upgrade Your subscription to access this feature`}
        text={t`This feature is not included in your current plan. Contact support to add it to your subscription.`}
        action={
          <>
            {capability === 'disasterRecovery' && (
              <Button loading={trial.isPending} onClick={() => trial.mutate()}>
                {t`30-Day free trial`}
              </Button>
            )}
            <Button asChild variant="outline">
              <a href={`mailto:${supportEmail}`}>{t`Contact support`}</a>
            </Button>
          </>
        }
      />
    </Card>
  );
}
