export { ConsoleRoutes, createConsoleRoutes, preloadConsoleRoutes, type ConsoleRoutesOptions } from './lib/routes/create-console-routes';
export { ConsoleProviders, type ConsoleProvidersProps } from './lib/console-providers';
export { NotAvailablePage } from './lib/pages/not-available-page';
export { areaNames } from './lib/routes/area-names';
export { usePageTitle } from './lib/layout/use-page-title';
export { expectedReminders, type ExpectedRemindersKeys } from './lib/banners/expected-reminders';
