import { useLingui } from '@lingui/react/macro';
import type { CSSProperties, ReactNode } from 'react';
import { toast as sonner, Toaster, type ExternalToast } from 'sonner';
import { useTheme } from '../theme-provider/theme-provider';
import type { ToastOptions } from './toast';

function options({ description, id, duration, action }: ToastOptions = {}): ExternalToast {
  return {
    description,
    id,
    duration,
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  };
}

/** The toast calls on sonner; `toast` (toast.tsx) forwards to them once this module has loaded. */
export const sonnerToast = {
  success: (title: ReactNode, opts?: ToastOptions) => sonner.success(title, options(opts)),
  info: (title: ReactNode, opts?: ToastOptions) => sonner.info(title, options(opts)),
  warning: (title: ReactNode, opts?: ToastOptions) => sonner.warning(title, options(opts)),
  error: (title: ReactNode, opts?: ToastOptions) =>
    sonner.error(title, { duration: 8000, ...options(opts) }),
  dismiss: (id?: string | number) => {
    sonner.dismiss(id);
  },
};

export type SonnerToast = typeof sonnerToast;

/** sonner's Toaster in the tokens' colours; loaded on demand by `Toaster` (toast.tsx). */
export function SonnerToaster() {
  const { theme, direction } = useTheme();
  const { t } = useLingui();
  return (
    <Toaster
      theme={theme}
      dir={direction}
      position={direction === 'rtl' ? 'bottom-left' : 'bottom-right'}
      closeButton
      richColors
      // sonner's own labels are English ("Notifications alt+T", "Close toast"): every label is ours.
      customAriaLabel={t`Messages (Alt+T)`}
      toastOptions={{ className: 'font-sans', closeButtonAriaLabel: t`Close message` }}
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
