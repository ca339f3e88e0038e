// Test support for @terrace/git: real repositories served by git's own HTTP backend on loopback.
export { startGitHttpServer, type GitHttpServer, type GitHttpServerOptions } from './testing/git-http-server';
export { TestRepositories, type RepositoryFiles } from './testing/test-repositories';
export {
  generateSshKeyPair,
  sshdAvailable,
  startGitSshServer,
  type GitSshServer,
  type GitSshServerOptions,
  type SshKeyPair,
} from './testing/git-ssh-server';
