export { discoveryEventFixture, discoveryFixture } from './lib/discovery.fixtures';
