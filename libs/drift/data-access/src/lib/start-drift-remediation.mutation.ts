import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { driftKeys } from './drift.keys';
import { driftRequests } from './drift.requests';
import type { DriftRemediationInput } from './drift.types';

/**
 * Remediates a stack's drift (POST /stack/driftRemediation): deploy the code over the drift, or
 * accept the cloud's values (a pull request that adopts them). Its status is then polled through
 * `driftQueries.remediation`, seeded with the answer.
 */
export function useStartDriftRemediationMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DriftRemediationInput) => driftRequests.startRemediation(client, input),
    onSuccess: (remediation) => {
      queryClient.setQueryData(
        driftKeys.remediation(remediation.stackId, remediation.driftRemediationId),
        remediation,
      );
    },
  });
}
