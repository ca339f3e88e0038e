/** Query keys of the dashboard: components never build keys themselves. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: () => [...dashboardKeys.all, 'automationOverview'] as const,
};
