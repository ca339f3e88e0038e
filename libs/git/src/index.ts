// The public entry of @terrace/git: the system git, hardened, for the server and the runners.
export { GitClient, RepositorySnapshot, type GitClientOptions, type GitCredentials, type GitRemote, type RemoteBranches, type TreeEntry, type CheckoutOptions, type CommitSource, type CompareOptions, type Comparison } from './lib/git-client';
export { GitError, type GitErrorKind } from './lib/git-error';
export { assertRefName, normaliseRepositoryPath, remoteUrlKind, type RemoteUrlKind } from './lib/git-input';
export { knownHostsProblem, wellKnownSshHosts } from './lib/known-hosts';
