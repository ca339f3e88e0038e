import { useLingui } from '@lingui/react/macro';
import { EditButton, lazyDialog, type EditAccess } from '@terrace/design-system';
import { Wrench } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useDriftAccess } from './drift-access';
import { driftStateOf } from './drift-labels';
import { loadDriftActions, preloadDriftActions } from './load-drift-actions';

// The dialog (Radix dialog, radio group, checkboxes) loads when it first opens, and what follows
// a remediation started here (polling, status, links) then: the Drift Center shows this button on
// every row.
const RemediateDriftDialog = lazyDialog(() => loadDriftActions().then((m) => m.loadRemediateDriftDialog()));
const RemediationProgress = lazy(() =>
  loadDriftActions()
    .then((m) => m.loadRemediationProgress())
    .then((Progress) => ({ default: Progress })),
);

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
  const { t } = useLingui();
  const permission = useDriftAccess(stack.namespaceId).remediate;
  const [open, setOpen] = useState(false);
  const [remediationId, setRemediationId] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const drifted = driftStateOf(stack.driftState) === 'drifted';
  const access: EditAccess = !permission.canEdit
    ? permission
    : drifted
      ? { canEdit: true, readOnlyReason: '' }
      : {
          canEdit: false,
          readOnlyReason: t`Nothing to remediate: no drift was found on this stack.`,
        };

  return (
    <>
      {row ? (
        <EditButton
          access={access}
          onPointerEnter={preloadDriftActions}
          onFocus={preloadDriftActions}
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
          onPointerEnter={preloadDriftActions}
          onFocus={preloadDriftActions}
          variant={'primary'}
          loading={running}
          onClick={() => setOpen(true)}
        >
          <Wrench aria-hidden />
          {t`Remediate`}
        </EditButton>
      )}
      {remediationId && (
        <Suspense fallback={null}>
          <RemediationProgress key={remediationId} stack={stack} remediationId={remediationId} onRunningChange={setRunning} />
        </Suspense>
      )}
      <RemediateDriftDialog
        open={open}
        onOpenChange={setOpen}
        stack={stack}
        resourceAddresses={resourceAddresses}
        onStarted={(id) => {
          setRemediationId(id);
          setRunning(true);
        }}
      />
    </>
  );
}
