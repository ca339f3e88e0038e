export { blueprintFixture, dependencyFixture, graphFixture, templateEventFixture, templateFixture } from './lib/templates.fixtures';
