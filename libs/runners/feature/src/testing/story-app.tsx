import { consoleTestUi } from '@terrace/design-system/testing';
import { storyApp } from '@terrace/session/stories';

export type { StoryRoutes } from '@terrace/session/stories';

/** A Runners page inside the console's data providers, for stories and screenshots. */
export const StoryApp = storyApp({ ui: consoleTestUi });
