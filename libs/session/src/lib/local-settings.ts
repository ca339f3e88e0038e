import { DEFAULT_LOCAL_SETTINGS, parseLocalSettings as parseDomainLocalSettings } from '@terrace/domain';
import { useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';

export type NavigationType = 'SIDE' | 'TOP';
export type ThemeName = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';
export type LocaleId = 'en' | 'zh' | 'fr' | 'ja';

export interface LocalSettings {
  navigationType: NavigationType;
  theme: ThemeName;
  direction: Direction;
  locale: LocaleId;
  topNavColor: string;
  navCollapsed: boolean;
}

/** Defaults of spec §3 (from @terrace/domain): SIDE, light, ltr, en, top navigation colour #3e82f7. */
export const defaultLocalSettings: LocalSettings = { ...DEFAULT_LOCAL_SETTINGS, navCollapsed: false };

/** Keeps each valid stored field and replaces anything else by its default (the rule is @terrace/domain's). */
export function parseLocalSettings(raw: string | null): LocalSettings {
  let data: unknown = {};
  try {
    data = raw ? JSON.parse(raw) : {};
  } catch {
    data = {};
  }
  const collapsed = typeof data === 'object' && data !== null && (data as Record<string, unknown>)['navCollapsed'] === true;
  return { ...parseDomainLocalSettings(Array.isArray(data) ? {} : data), navCollapsed: collapsed };
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: LocalSettings = defaultLocalSettings;

function readRaw(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.localSettings);
}

export function readLocalSettings(): LocalSettings {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseLocalSettings(raw);
    // The theme also lives on its own key (spec §3); it wins when it holds a valid value.
    const theme = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.theme);
    if (theme === 'light' || theme === 'dark') cached = { ...cached, theme };
  }
  return cached;
}

export function updateLocalSettings(patch: Partial<LocalSettings>): LocalSettings {
  const next = { ...readLocalSettings(), ...patch };
  localStorage.setItem(storageKeys.localSettings, JSON.stringify(next));
  localStorage.setItem(storageKeys.theme, next.theme);
  cachedRaw = undefined;
  for (const listener of listeners) listener();
  return readLocalSettings();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the settings updates this one too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.localSettings || e.key === storageKeys.theme) {
      cachedRaw = undefined;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The local settings as React state, shared by every component that reads them. */
export function useLocalSettings(): [LocalSettings, (patch: Partial<LocalSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, readLocalSettings, () => defaultLocalSettings);
  return [settings, updateLocalSettings];
}
