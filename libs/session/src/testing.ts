// Test helpers for the domain feature libraries (not part of the runtime entry). Node only:
// stories import `@terrace/session/stories` instead.
export type { ConsoleTestUi } from './testing/console-test-ui';
export { dataAccessHarness, type DataAccessHarness } from './testing/data-access-harness';
export { pageRenderer, renderConsolePage, setupMsw, type PageHarness, type RenderPageOptions } from './testing/render-page';
export { signedInAs } from './testing/signed-in-as';
export { testRouter, type TestRouter } from './testing/test-router';
