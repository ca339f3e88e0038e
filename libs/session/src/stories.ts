// Story helpers for the domain feature libraries (browser-safe; not part of the runtime entry).
export type { ConsoleTestUi } from './testing/console-test-ui';
export { signedInStoryRoutes, storyApp, type StoryAppProps, type StoryRoutes } from './testing/story-app';
