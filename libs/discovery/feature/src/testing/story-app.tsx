import { consoleTestUi } from '@terrace/design-system/testing';
import { storyApp } from '@terrace/session/stories';

export { signedInStoryRoutes, type StoryRoutes } from '@terrace/session/stories';

/** A Discovery page inside the console's data providers, for stories and screenshots. */
export const StoryApp = storyApp({ ui: consoleTestUi });
