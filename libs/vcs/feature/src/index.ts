export { vcsPages } from './lib/vcs.pages';
export { vcsSettingsSections } from './lib/vcs.settings-sections';
