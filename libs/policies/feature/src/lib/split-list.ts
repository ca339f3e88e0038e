/** Splits a list typed one per line or comma-separated: trimmed, empties dropped. */
export function splitList(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
