/**
 * The console's configuration, read once at start. Values come from the build environment
 * (VITE_*), so one build serves behind any API base; the default matches `npm start`.
 */
export interface ConsoleConfig {
  apiBaseUrl: string;
  /** Organizations allowed to open the Terraform Cloud migration page (comma-separated). */
  tfcMigrationOrganizationIds: string[];
}

export function readConsoleConfig(env: Record<string, string | undefined> = import.meta.env): ConsoleConfig {
  return {
    apiBaseUrl: env['VITE_API_BASE_URL']?.trim() || '/api',
    tfcMigrationOrganizationIds: (env['VITE_TFC_MIGRATION_ORG_IDS'] ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  };
}
