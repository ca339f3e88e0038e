import { useLingui } from '@lingui/react/macro';
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
  Label,
  RadioGroup,
  RadioGroupItem,
  toast,
} from '@terrace/design-system';
import { useStartDriftRemediationMutation } from '@terrace/drift/data-access';
import { useId, useState } from 'react';
import { remediationModeLabels, remediationModes, type OfferedRemediationMode } from './remediation-modes';

export interface RemediateDriftDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stack: { id: string; name: string };
  /** Only these resources (the stack's drift details); all drifted resources when absent. */
  resourceAddresses?: string[];
  /** The remediation started (the dialog has closed and said so). */
  onStarted: (remediationId: string) => void;
}

/**
 * How to remediate a stack's drift (deploy the code over it, or accept the cloud's values), and of
 * which of its drifted resources; starts it (POST /stack/driftRemediation). The choice stays from
 * one opening to the next.
 */
export function RemediateDriftDialog({
  open,
  onOpenChange,
  stack,
  resourceAddresses,
  onStarted,
}: RemediateDriftDialogProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const start = useStartDriftRemediationMutation();
  const [mode, setMode] = useState<OfferedRemediationMode>('deploy');
  // Every drifted resource is remediated unless the user leaves some out.
  const [excluded, setExcluded] = useState<string[]>([]);
  const chosen = (resourceAddresses ?? []).filter((address) => !excluded.includes(address));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
          <Button variant="outline" onClick={() => onOpenChange(false)}>
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
                    onStarted(started.driftRemediationId);
                    onOpenChange(false);
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
  );
}
