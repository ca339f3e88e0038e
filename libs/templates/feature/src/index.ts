export { templatesPages } from './lib/templates.pages';
