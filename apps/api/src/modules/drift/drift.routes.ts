import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import { getDriftRemediationStatus, startDriftRemediation } from './drift-remediation.service';
import { getDriftDetectionStatus, getDriftReport, getStackDriftDetails, startDriftDetection, type DriftDeps } from './drift.service';

// Every operation of openapi/domains/drift.yaml.
export const driftOperations = (deps: DriftDeps) =>
  defineOperations({
    getStackDriftDetails: userOperation(async (actor, { query }) => list(await getStackDriftDetails(deps, actor, query.stackId))),
    startDriftDetection: userOperation(async (actor, { entity }) => single(await startDriftDetection(deps, actor, entity.stackId))),
    getDriftDetectionStatus: userOperation(async (actor, { query }) => list(await getDriftDetectionStatus(deps, actor, query))),
    startDriftRemediation: userOperation(async (actor, { entity }) => single(await startDriftRemediation(deps, actor, entity))),
    getDriftRemediationStatus: userOperation(async (actor, { query }) => list(await getDriftRemediationStatus(deps, actor, query))),
    getDriftReport: userOperation(async (actor, { query }) => list(await getDriftReport(deps, actor, query))),
  });
