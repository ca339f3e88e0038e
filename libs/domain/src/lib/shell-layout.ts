import type { Message } from './message';
import { supportedLocales, type LocaleCode } from './constants';

export const navigationTypes = ['SIDE', 'TOP'] as const;
export type NavigationType = (typeof navigationTypes)[number];
export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
export const directions = ['ltr', 'rtl'] as const;
export type Direction = (typeof directions)[number];

export interface LocalSettings {
  navigationType: NavigationType;
  theme: Theme;
  direction: Direction;
  locale: LocaleCode;
  topNavColor: string;
}

export const DEFAULT_LOCAL_SETTINGS: Readonly<LocalSettings> = {
  navigationType: 'SIDE',
  theme: 'light',
  direction: 'ltr',
  locale: 'en',
  topNavColor: '#3e82f7',
};

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** Local storage can hold anything (old versions, hand edits); each invalid field falls back alone. */
export function parseLocalSettings(stored: unknown): LocalSettings {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const d = DEFAULT_LOCAL_SETTINGS;
  return {
    navigationType: pick(navigationTypes, raw['navigationType'], d.navigationType),
    theme: pick(themes, raw['theme'], d.theme),
    direction: pick(directions, raw['direction'], d.direction),
    locale: pick(
      supportedLocales.map((l) => l.code),
      raw['locale'],
      d.locale,
    ),
    topNavColor:
      typeof raw['topNavColor'] === 'string' && /^#[0-9a-f]{6}$/i.test(raw['topNavColor'])
        ? raw['topNavColor']
        : d.topNavColor,
  };
}

export const CHAT_PANEL = {
  defaultPercent: 40,
  minPercent: 20,
  maxPercent: 65,
  /** At or below this window width the panel takes the whole width. */
  fullWidthMaxPx: 768,
  dragHandlePx: 8,
} as const;

export type ChatPanelLayout =
  | { mode: 'full'; widthPx: number }
  | { mode: 'docked'; widthPx: number; percent: number }
  | { mode: 'minimized' };

/** Panel width for a window, with the width the user dragged to; dragging below the minimum minimizes. */
export function chatPanelLayout(
  windowWidthPx: number,
  requestedPercent: number = CHAT_PANEL.defaultPercent,
): ChatPanelLayout {
  if (windowWidthPx <= CHAT_PANEL.fullWidthMaxPx) return { mode: 'full', widthPx: windowWidthPx };
  if (requestedPercent < CHAT_PANEL.minPercent) return { mode: 'minimized' };
  const percent = Math.min(requestedPercent, CHAT_PANEL.maxPercent);
  return { mode: 'docked', percent, widthPx: Math.round((windowWidthPx * percent) / 100) };
}

export const chatLoadingSteps = [
  { afterMs: 0, label: /*i18n*/ { id: 'chat.loading.thinking', message: 'Thinking...' } },
  {
    afterMs: 10_000,
    label: /*i18n*/ { id: 'chat.loading.gathering', message: 'Gathering context...' },
  },
  {
    afterMs: 22_000,
    label: /*i18n*/ { id: 'chat.loading.processing', message: 'Processing information...' },
  },
  {
    afterMs: 32_000,
    label: /*i18n*/ { id: 'chat.loading.deepAnalysis', message: 'Using Deep Analysis...' },
  },
  {
    afterMs: 44_000,
    label: /*i18n*/ { id: 'chat.loading.generating', message: 'Generating response...' },
  },
] as const satisfies readonly { afterMs: number; label: Message }[];

/** The rotating status text while an answer loads: steps last 10 s, 12 s, 10 s, 12 s, then the last stays. */
export function chatLoadingText(elapsedMs: number): Message {
  let current: Message = chatLoadingSteps[0].label;
  for (const step of chatLoadingSteps) if (elapsedMs >= step.afterMs) current = step.label;
  return current;
}
