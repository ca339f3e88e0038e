/** Keeps the rows a list's `<resource>Id` / `<resource>Name` filters name (exact match). */
export function matching<T extends { id: string; name: string }>(rows: T[], filter: { id?: string | undefined; name?: string | undefined }): T[] {
  return rows.filter((row) => (filter.id === undefined || row.id === filter.id) && (filter.name === undefined || row.name === filter.name));
}
