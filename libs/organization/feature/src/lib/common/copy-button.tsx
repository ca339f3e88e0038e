import { useLingui } from '@lingui/react/macro';
import { Button, toast } from '@terrace/design-system';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

export interface CopyButtonProps {
  value: string;
  /** Visible text; the icon-only form uses it as the accessible name. */
  label?: string;
  variant?: 'outline' | 'primary' | 'secondary';
}

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label, variant = 'outline' }: CopyButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t`Copied to clipboard`);
    } catch {
      // Browsers refuse the clipboard outside secure contexts; the value is on screen to select by hand.
      toast.error(t`Could not copy. Select the text and copy it by hand.`);
    }
  };

  return (
    <Button type="button" variant={variant} onClick={() => void copy()}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {label ?? t`Copy`}
    </Button>
  );
}
