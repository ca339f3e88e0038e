export { discoveryEventFixture, discoveryFixture, discoveryProposalFixture } from './lib/discovery.fixtures';
