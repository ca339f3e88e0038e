/**
 * Links of the namespaces pages. They mirror the route table of @terrace/session (spec §2.2);
 * switch to its `appPath` builders once that library is on main, so routes live in one place.
 */
export const namespacePaths = {
  list: () => '/app/namespaces',
  details: (namespaceId: string, tab?: string) =>
    `/app/namespace/${encodeURIComponent(namespaceId)}${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`,
  create: () => '/app/createNamespaceWizard',
  edit: (namespaceId: string) => `/app/editNamespaceWizard/${encodeURIComponent(namespaceId)}`,
};
