import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EditButton, toast } from '@terrace/design-system';
import {
  driftQueries,
  isJobFinished,
  useSettleDriftJob,
  useStartDriftDetectionMutation,
} from '@terrace/drift/data-access';
import { useApiClient } from '@terrace/session';
import { Radar } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDriftAccess } from './drift-access';
import { driftStateLabels, driftStateOf } from './drift-labels';

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
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const access = useDriftAccess(stack.namespaceId).detect;
  const start = useStartDriftDetectionMutation();
  const settle = useSettleDriftJob();
  const [detectionId, setDetectionId] = useState<string | null>(null);
  const detection = useQuery({
    ...driftQueries.detection(client, stack.id, detectionId ?? ''),
    enabled: detectionId !== null,
  });
  const running =
    start.isPending ||
    (detectionId !== null && !isJobFinished(detection.data?.status) && !detection.isError);
  const reported = useRef<string | null>(null);

  const status = detection.data?.status;
  useEffect(() => {
    if (!detectionId || !isJobFinished(status) || reported.current === detectionId) return;
    reported.current = detectionId;
    void settle(stack.id);
    const data = detection.data;
    if (status === 'succeeded') {
      const state = i18n._(driftStateLabels[driftStateOf(data?.driftState)]);
      toast.success(t`Drift detection of ${stack.name} finished: ${state}.`);
    } else if (status === 'failed') {
      toast.error(
        t`Drift detection of ${stack.name} failed.`,
        data?.errorMessage ? { description: data.errorMessage } : undefined,
      );
    } else {
      toast.info(t`Drift detection of ${stack.name} was canceled.`);
    }
  }, [detectionId, status, detection.data, settle, stack.id, stack.name, t, i18n]);

  return (
    <>
      {row ? (
        <EditButton
          access={access}
          row
          variant="ghost"
          size="icon"
          loading={running}
          aria-label={t`Detect drift of ${stack.name}`}
          onClick={() =>
            void start.mutateAsync(stack.id).then(
              (started) => {
                reported.current = null;
                setDetectionId(started.driftDetectionId ?? null);
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
          variant={'outline'}
          loading={running}
          onClick={() =>
            void start.mutateAsync(stack.id).then(
              (started) => {
                reported.current = null;
                setDetectionId(started.driftDetectionId ?? null);
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
      <span role="status" className="sr-only">
        {running ? t`Detecting drift of ${stack.name}…` : ''}
      </span>
    </>
  );
}
