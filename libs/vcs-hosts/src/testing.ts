// Test support for @terrace/vcs-hosts: a loopback stand-in for every git host's REST API.
export { startVcsHostStandIn, type VcsHostStandIn } from './testing/vcs-host-stand-in';
export type { StandInOptions, StandInRepository, PostedComment, OpenedPullRequestRecord } from './testing/stand-in-state';
