import type { CSSProperties, ReactNode } from 'react';
import { toast as sonner, Toaster as SonnerToaster, type ExternalToast } from 'sonner';
import { useTheme } from '../theme-provider/theme-provider';

export interface ToastOptions {
  description?: ReactNode;
  /** Toasts with the same id replace each other instead of stacking. */
  id?: string | number;
  /** Milliseconds; errors stay longer by default. */
  duration?: number;
  action?: { label: ReactNode; onClick: () => void };
}

function options({ description, id, duration, action }: ToastOptions = {}): ExternalToast {
  return {
    description,
    id,
    duration,
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  };
}

/** The one toast API of the console (CONVENTIONS: Data). Titles must already be translated. */
export const toast = {
  success: (title: ReactNode, opts?: ToastOptions) => sonner.success(title, options(opts)),
  info: (title: ReactNode, opts?: ToastOptions) => sonner.info(title, options(opts)),
  warning: (title: ReactNode, opts?: ToastOptions) => sonner.warning(title, options(opts)),
  error: (title: ReactNode, opts?: ToastOptions) =>
    sonner.error(title, { duration: 8000, ...options(opts) }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};

/** Mount once near the root. Colours come from the tokens; the corner follows the direction. */
export function Toaster() {
  const { theme, direction } = useTheme();
  return (
    <SonnerToaster
      theme={theme}
      dir={direction}
      position={direction === 'rtl' ? 'bottom-left' : 'bottom-right'}
      closeButton
      richColors
      toastOptions={{ className: 'font-sans' }}
      style={
        {
          '--normal-bg': 'var(--surface-raised)',
          '--normal-text': 'var(--surface-raised-foreground)',
          '--normal-border': 'var(--border)',
          '--success-bg': 'var(--success-subtle)',
          '--success-text': 'var(--success-subtle-foreground)',
          '--success-border': 'color-mix(in oklab, var(--success) 30%, transparent)',
          '--info-bg': 'var(--info-subtle)',
          '--info-text': 'var(--info-subtle-foreground)',
          '--info-border': 'color-mix(in oklab, var(--info) 30%, transparent)',
          '--warning-bg': 'var(--warning-subtle)',
          '--warning-text': 'var(--warning-subtle-foreground)',
          '--warning-border': 'color-mix(in oklab, var(--warning) 30%, transparent)',
          '--error-bg': 'var(--danger-subtle)',
          '--error-text': 'var(--danger-subtle-foreground)',
          '--error-border': 'color-mix(in oklab, var(--danger) 30%, transparent)',
          '--border-radius': 'var(--radius-lg)',
        } as CSSProperties
      }
    />
  );
}
