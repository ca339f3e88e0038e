export interface PoEntry {
  msgid: string;
  msgstr: string;
  context?: string;
}
export const localesDir: string;
export function parsePo(text: string): PoEntry[];
export function unquote(s: string): string;
export function readCatalog(locale: string): PoEntry[];
