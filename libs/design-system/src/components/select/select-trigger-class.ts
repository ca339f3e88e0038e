import { cn } from '../../lib/cn';
import { controlStyles } from '../../lib/control-styles';

/** The classes of a select's trigger, shared by SelectTrigger and the stand-in of OptionSelect. */
export function selectTriggerClass(size: 'sm' | 'md', className?: string) {
  return cn(
    controlStyles,
    'flex cursor-pointer items-center justify-between gap-2 px-3 text-start whitespace-nowrap data-[placeholder]:text-muted-foreground',
    size === 'sm' ? 'h-8 text-xs' : 'h-9',
    // The value keeps its own direction in a right-to-left layout ('1 month', not 'month 1').
    '[&>span]:truncate [&>span]:[unicode-bidi:plaintext]',
    className,
  );
}
