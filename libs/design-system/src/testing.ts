// Test helpers for projects that render design-system components (not part of the runtime entry).
export { renderWithProviders } from './testing/render-with-providers';
export { consoleTestUi } from './testing/console-test-ui';
