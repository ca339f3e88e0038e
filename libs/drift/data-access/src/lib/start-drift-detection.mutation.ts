import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { driftKeys } from './drift.keys';
import { driftRequests } from './drift.requests';

/**
 * Starts drift detection on a stack (POST /stack/driftDetection). The answer's status is then
 * polled through `driftQueries.detection`; the answer seeds that query so polling starts from it.
 */
export function useStartDriftDetectionMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stackId: string) => driftRequests.startDetection(client, stackId),
    onSuccess: (detection) => {
      if (detection.driftDetectionId)
        queryClient.setQueryData(
          driftKeys.detection(detection.stackId, detection.driftDetectionId),
          detection,
        );
    },
  });
}
