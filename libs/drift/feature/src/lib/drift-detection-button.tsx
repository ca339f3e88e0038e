import { useLingui } from '@lingui/react/macro';
import { EditButton } from '@terrace/design-system';
import { useSettleDriftJob, useStartDriftDetectionMutation } from '@terrace/drift/data-access';
import { Radar } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useDriftAccess } from './drift-access';
import { loadDriftActions, preloadDriftActions } from './load-drift-actions';

// What follows a detection started here (polling, the toast saying how it ended) loads then: the
// Drift Center shows this button on every row.
const DetectionProgress = lazy(() =>
  loadDriftActions()
    .then((m) => m.loadDetectionProgress())
    .then((Progress) => ({ default: Progress })),
);

export interface DriftDetectionButtonProps {
  stack: { id: string; name: string; namespaceId: string };
  /** In a table row: a small ghost button. */
  row?: boolean;
}

/**
 * Runs drift detection on a stack now (POST /stack/driftDetection), polls its status while it
 * runs and says how it ended; the stack's state, drifts and the report are fetched again then.
 */
export function DriftDetectionButton({ stack, row = false }: DriftDetectionButtonProps) {
  const { t } = useLingui();
  const access = useDriftAccess(stack.namespaceId).detect;
  const start = useStartDriftDetectionMutation();
  const settle = useSettleDriftJob();
  const [detectionId, setDetectionId] = useState<string | null>(null);
  const [detecting, setDetecting] = useState(false);
  const running = start.isPending || (detectionId !== null && detecting);

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
          aria-label={t`Detect drift of ${stack.name}`}
          onClick={() =>
            void start.mutateAsync(stack.id).then(
              (started) => {
                setDetectionId(started.driftDetectionId ?? null);
                setDetecting(true);
                if (!started.driftDetectionId) void settle(stack.id);
              },
              () => undefined,
            )
          }
        >
          <Radar aria-hidden />
        </EditButton>
      ) : (
        <EditButton
          access={access}
          onPointerEnter={preloadDriftActions}
          onFocus={preloadDriftActions}
          variant={'outline'}
          loading={running}
          onClick={() =>
            void start.mutateAsync(stack.id).then(
              (started) => {
                setDetectionId(started.driftDetectionId ?? null);
                setDetecting(true);
                if (!started.driftDetectionId) void settle(stack.id);
              },
              () => undefined,
            )
          }
        >
          <Radar aria-hidden />
          {t`Detect drift`}
        </EditButton>
      )}
      {detectionId && (
        <Suspense fallback={null}>
          <DetectionProgress key={detectionId} stack={stack} detectionId={detectionId} onRunningChange={setDetecting} />
        </Suspense>
      )}
      <span role="status" className="sr-only">
        {running ? t`Detecting drift of ${stack.name}…` : ''}
      </span>
    </>
  );
}
