import { consoleTestUi } from '@terrace/design-system/testing';
import { pageRenderer } from '@terrace/session/testing';
import { organizationApis } from './api-providers';

export { setupMsw } from '@terrace/session/testing';

/** An organization page rendered the way the console does (see `@terrace/session/testing`). */
export const renderPage = pageRenderer({ ui: consoleTestUi, apis: organizationApis });
