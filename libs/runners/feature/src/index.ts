export { runnersSettingsSections } from './lib/runners.settings-sections';
