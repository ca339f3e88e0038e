export { vcsFixtures } from './lib/vcs.fixtures';
