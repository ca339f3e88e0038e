import { storageKeys } from '@terrace/session';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: string[] = [];

function read(): string[] {
  const raw = localStorage.getItem(storageKeys.menuBookmarks);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cached = Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      cached = [];
    }
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Bookmarked menu entries (by navigation entry id), kept in browser storage (spec §2.5). */
export function useBookmarks(): { ids: string[]; toggle: (id: string) => void; has: (id: string) => boolean } {
  const ids = useSyncExternalStore(subscribe, read, () => []);
  const toggle = (id: string) => {
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
    localStorage.setItem(storageKeys.menuBookmarks, JSON.stringify(next));
    for (const l of listeners) l();
  };
  return { ids, toggle, has: (id) => ids.includes(id) };
}
