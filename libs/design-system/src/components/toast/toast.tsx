import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { SonnerToast } from './sonner-toaster';

export interface ToastOptions {
  description?: ReactNode;
  /** Toasts with the same id replace each other instead of stacking. */
  id?: string | number;
  /** Milliseconds; errors stay longer by default. */
  duration?: number;
  action?: { label: ReactNode; onClick: () => void };
}

// sonner loads on the first toast, not with the page (ARCHITECTURE §8: a page that raises no toast
// does not download it). Calls made while it loads run once it has, in order; sonner itself keeps
// toasts raised before a Toaster listens and shows them when the Toaster mounts.
let sonner: SonnerToast | null = null;
let loading: Promise<SonnerToast> | null = null;
const loadListeners = new Set<() => void>();
const load = () => {
  if (!loading) {
    loading = import('./sonner-toaster').then((m) => (sonner = m.sonnerToast));
    for (const listener of loadListeners) listener();
  }
  return loading;
};

function run(call: (toast: SonnerToast) => void) {
  if (sonner) call(sonner);
  else void load().then(call);
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

/**
 * Mount once near the root. Colours come from the tokens; the corner follows the direction. It
 * renders nothing until the first toast is raised.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(loading !== null);
  useEffect(() => {
    if (wanted) return undefined;
    const listener = () => setWanted(true);
    loadListeners.add(listener);
    if (loading) setWanted(true);
    return () => {
      loadListeners.delete(listener);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
