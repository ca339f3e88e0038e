import { consoleTestUi } from '@terrace/design-system/testing';
import { pageRenderer } from '@terrace/session/testing';

export { setupMsw } from '@terrace/session/testing';

/** A Runners page rendered the way the console does: the one API client against MSW (see `@terrace/session/testing`). */
export const renderPage = pageRenderer({ ui: consoleTestUi });
