import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../button/button';
import { toast } from '../toast/toast';

export interface CopyButtonProps {
  /** The text to copy, or a function producing it at click time (for large logs). */
  text: string | (() => string);
  /** The toast shown on success; defaults to the spec's 'Code copied to clipboard'. */
  successMessage?: string;
  /** The accessible name of the icon-only button, or the visible text of the others. */
  label?: string;
  /** `icon` (default): a small icon-only ghost button; the others show the label beside the icon. */
  variant?: 'icon' | 'outline' | 'primary' | 'secondary';
  className?: string;
}

/** The one copy button: copies to the clipboard and confirms with a toast (spec: clipboard toasts). */
export function CopyButton({ text, successMessage, label, variant = 'icon', className }: CopyButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setCopied(true);
      toast.success(successMessage ?? t`Code copied to clipboard`, { id: 'clipboard' });
    } catch {
      // Browsers refuse the clipboard outside secure contexts; the text is on screen to select by hand.
      toast.error(t`Could not copy to the clipboard`, { id: 'clipboard' });
    }
  };

  const icon = copied ? <Check aria-hidden /> : <Copy aria-hidden />;
  if (variant !== 'icon') {
    return (
      <Button data-slot="copy-button" type="button" variant={variant} className={className} onClick={() => void copy()}>
        {icon}
        {label ?? t`Copy`}
      </Button>
    );
  }
  return (
    <Button
      data-slot="copy-button"
      type="button"
      variant="ghost"
      size="icon"
      className={className ?? 'size-7'}
      aria-label={label ?? t`Copy to clipboard`}
      onClick={() => void copy()}
    >
      {icon}
    </Button>
  );
}
