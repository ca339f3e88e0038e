// What the drift buttons load once used: the remediation dialog, and what follows a detection or
// remediation started. The buttons reach them through this small module, which they load when
// pointed at or focused (load-drift-actions.ts): the list of their files (which the build writes
// into the importing module, to fetch them together) comes with it, not with the page that shows
// the buttons on every row.
export const loadRemediateDriftDialog = () => import('./remediate-drift-dialog').then((m) => m.RemediateDriftDialog);
export const loadRemediationProgress = () => import('./drift-job-progress').then((m) => m.RemediationProgress);
export const loadDetectionProgress = () => import('./drift-job-progress').then((m) => m.DetectionProgress);
