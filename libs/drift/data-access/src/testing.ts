// Wire-format objects for tests and stories (not part of the runtime entry).
export {
  driftDetailFixture,
  driftDetectionFixture,
  driftRemediationFixture,
  driftReportFixture,
} from './lib/drift.fixtures';
