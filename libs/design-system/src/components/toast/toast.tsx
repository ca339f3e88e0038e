import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { SonnerToast } from './sonner-toaster';

export interface ToastOptions {
  description?: ReactNode;
  /** Toasts with the same id replace each other instead of stacking. */
  id?: string | number;
  /** Milliseconds; errors stay longer by default. */
  duration?: number;
  action?: { label: ReactNode; onClick: () => void };
}

// sonner (about 10 KiB gzip) loads on the first toast, not with the page (ARCHITECTURE §8): the
// Toaster renders nothing until a toast is raised. Calls made while it loads run once it has, in
// order; sonner itself keeps toasts raised before a Toaster listens and shows them when one mounts.
let sonner: SonnerToast | null = null;
let loading: Promise<SonnerToast> | null = null;
const load = () =>
  (loading ??= import('./sonner-toaster').then((m) => (sonner = m.sonnerToast)));

let raised = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function run(call: (toast: SonnerToast) => void) {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  if (sonner) call(sonner);
  else void load().then(call);
}

/**
 * Loads sonner ahead of the first toast, for hosts that cannot wait for it then (Storybook's
 * interaction tests, whose waits are short); the console itself never calls it.
 */
export function preloadToaster(): Promise<unknown> {
  return load();
}

/** The one toast API of the console (CONVENTIONS: Data). Titles must already be translated. */
export const toast = {
  success: (title: ReactNode, opts?: ToastOptions) => run((s) => s.success(title, opts)),
  info: (title: ReactNode, opts?: ToastOptions) => run((s) => s.info(title, opts)),
  warning: (title: ReactNode, opts?: ToastOptions) => run((s) => s.warning(title, opts)),
  error: (title: ReactNode, opts?: ToastOptions) => run((s) => s.error(title, opts)),
  dismiss: (id?: string | number) => run((s) => s.dismiss(id)),
};

const SonnerToaster = lazy(() =>
  load().then(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster }))),
);

/** Mount once near the root. Colours come from the tokens; the corner follows the direction. */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribe, () => raised, () => raised);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
