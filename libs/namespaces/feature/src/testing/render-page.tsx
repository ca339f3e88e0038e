import { consoleTestUi } from '@terrace/design-system/testing';
import { pageRenderer } from '@terrace/session/testing';
import { namespacesApis } from './api-providers';

export { setupMsw } from '@terrace/session/testing';

/** A namespace page rendered the way the console does (see `@terrace/session/testing`). */
export const renderPage = pageRenderer({ ui: consoleTestUi, apis: namespacesApis });
