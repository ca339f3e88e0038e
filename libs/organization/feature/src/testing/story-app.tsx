import { consoleTestUi } from '@terrace/design-system/testing';
import { storyApp } from '@terrace/session/stories';
import { organizationApis } from './api-providers';

export type { StoryRoutes } from '@terrace/session/stories';

/** An organization page inside the console's data providers, for stories and screenshots. */
export const StoryApp = storyApp({ ui: consoleTestUi, apis: organizationApis });
