import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EditButton,
  Label,
  RadioGroup,
  RadioGroupItem,
  toast,
  type EditAccess,
} from '@terrace/design-system';
import {
  driftQueries,
  isJobFinished,
  useSettleDriftJob,
  useStartDriftRemediationMutation,
} from '@terrace/drift/data-access';
import { useApiClient } from '@terrace/session';
import { ExternalLink, Wrench } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDriftAccess } from './drift-access';
import {
  driftStateOf,
  jobStatusLabels,
  remediationModeLabels,
  remediationModes,
  type OfferedRemediationMode,
} from './drift-labels';
import { driftPaths } from './drift-paths';

export interface RemediateDriftButtonProps {
  stack: { id: string; name: string; namespaceId: string; driftState?: string };
  /** Only these resources (the stack's drift details); all drifted resources when absent. */
  resourceAddresses?: string[];
  row?: boolean;
}

/**
 * Remediates a drifted stack (POST /stack/driftRemediation): deploy the code over the drift, or
 * accept the cloud's values through a refresh-only deployment. Then polls the remediation and links to the
 * deployment or the pull request it made. Disabled, with the reason, for a stack without drift
 * or a user who may not deploy it.
 */
export function RemediateDriftButton({
  stack,
  resourceAddresses,
  row = false,
}: RemediateDriftButtonProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const client = useApiClient();
  const permission = useDriftAccess(stack.namespaceId).remediate;
  const start = useStartDriftRemediationMutation();
  const settle = useSettleDriftJob();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<OfferedRemediationMode>('deploy');
  // Every drifted resource is remediated unless the user leaves some out.
  const [excluded, setExcluded] = useState<string[]>([]);
  const chosen = (resourceAddresses ?? []).filter((address) => !excluded.includes(address));
  const [remediationId, setRemediationId] = useState<string | null>(null);
  const remediation = useQuery({
    ...driftQueries.remediation(client, stack.id, remediationId ?? ''),
    enabled: remediationId !== null,
  });
  const reported = useRef<string | null>(null);

  const drifted = driftStateOf(stack.driftState) === 'drifted';
  const access: EditAccess = !permission.canEdit
    ? permission
    : drifted
      ? { canEdit: true, readOnlyReason: '' }
      : {
          canEdit: false,
          readOnlyReason: t`Nothing to remediate: no drift was found on this stack.`,
        };

  const data = remediation.data;
  const status = data?.status;
  useEffect(() => {
    if (!remediationId || !isJobFinished(status) || reported.current === remediationId) return;
    reported.current = remediationId;
    void settle(stack.id);
    if (status === 'failed')
      toast.error(
        t`Remediation of ${stack.name} failed.`,
        data?.errorMessage ? { description: data.errorMessage } : undefined,
      );
  }, [remediationId, status, data?.errorMessage, settle, stack.id, stack.name, t]);

  const running = remediationId !== null && !isJobFinished(status) && !remediation.isError;
  const statusLabel = data ? i18n._(jobStatusLabels[data.status]) : '';

  return (
    <>
      {row ? (
        <EditButton
          access={access}
          row
          variant="ghost"
          size="icon"
          loading={running}
          aria-label={t`Remediate drift of ${stack.name}`}
          onClick={() => setOpen(true)}
        >
          <Wrench aria-hidden />
        </EditButton>
      ) : (
        <EditButton
          access={access}
          variant={'primary'}
          loading={running}
          onClick={() => setOpen(true)}
        >
          <Wrench aria-hidden />
          {t`Remediate`}
        </EditButton>
      )}
      {remediationId && data && (
        <span
          role="status"
          className="inline-flex items-center gap-2 text-sm text-muted-foreground"
        >
          {t`Remediation: ${statusLabel}`}
          {data.runId && (
            <Link
              className="text-primary-subtle-foreground hover:underline"
              to={driftPaths.run(data.runId)}
            >
              {t`Open the run`}
            </Link>
          )}
          {data.pullRequestUrl && (
            <a
              className="inline-flex items-center gap-1 text-primary-subtle-foreground hover:underline"
              href={data.pullRequestUrl}
              target="_blank"
              rel="noreferrer"
            >
              {t`Open the pull request`}
              <ExternalLink aria-hidden className="size-3 rtl:-scale-x-100" />
            </a>
          )}
        </span>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t`Remediate the drift of ${stack.name}?`}</DialogTitle>
            <DialogDescription>
              {resourceAddresses && resourceAddresses.length > 0
                ? t`Choose how to bring the code and the cloud together again for ${chosen.length} of ${resourceAddresses.length} drifted resources.`
                : t`Choose how to bring the code and the cloud together again.`}
            </DialogDescription>
          </DialogHeader>
          <DialogBody>
            <RadioGroup
              aria-label={t`Remediation`}
              value={mode}
              onValueChange={(value) => setMode(value as OfferedRemediationMode)}
            >
              {remediationModes.map((value) => (
                <div key={value} className="flex items-start gap-3">
                  <RadioGroupItem
                    id={`${id}-${value}`}
                    value={value}
                    aria-describedby={`${id}-${value}-help`}
                    className="mt-0.5"
                  />
                  <div className="flex flex-col">
                    <Label htmlFor={`${id}-${value}`}>
                      {i18n._(remediationModeLabels[value].label)}
                    </Label>
                    <span id={`${id}-${value}-help`} className="text-sm text-muted-foreground">
                      {i18n._(remediationModeLabels[value].description)}
                    </span>
                  </div>
                </div>
              ))}
            </RadioGroup>
            {resourceAddresses && resourceAddresses.length > 1 && (
              <fieldset
                className="mt-4 flex flex-col gap-2"
                aria-describedby={`${id}-resources-error`}
              >
                <legend className="mb-1 text-sm font-medium">{t`Resources to remediate`}</legend>
                {resourceAddresses.map((address) => (
                  <div key={address} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-${address}`}
                      checked={!excluded.includes(address)}
                      onCheckedChange={(checked) =>
                        setExcluded((current) =>
                          checked === true
                            ? current.filter((a) => a !== address)
                            : [...current, address],
                        )
                      }
                    />
                    <Label htmlFor={`${id}-${address}`} className="font-mono font-normal">
                      {address}
                    </Label>
                  </div>
                ))}
                <p
                  id={`${id}-resources-error`}
                  role="alert"
                  className="text-sm text-danger-subtle-foreground"
                >
                  {chosen.length === 0 ? t`Choose at least one resource.` : ''}
                </p>
              </fieldset>
            )}
          </DialogBody>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t`Cancel`}
            </Button>
            <Button
              loading={start.isPending}
              disabled={
                resourceAddresses !== undefined &&
                resourceAddresses.length > 0 &&
                chosen.length === 0
              }
              onClick={() =>
                void start
                  .mutateAsync({
                    stackId: stack.id,
                    mode,
                    ...(chosen.length > 0 ? { resourceAddresses: chosen } : {}),
                  })
                  .then(
                    (started) => {
                      reported.current = null;
                      setRemediationId(started.driftRemediationId);
                      setOpen(false);
                      toast.success(
                        mode === 'deploy'
                          ? t`Remediation started: a deployment of ${stack.name}.`
                          : t`Remediation started: a refresh-only deployment of ${stack.name}.`,
                      );
                    },
                    () => undefined,
                  )
              }
            >
              {mode === 'deploy' ? t`Deploy` : t`Accept the cloud's values`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
