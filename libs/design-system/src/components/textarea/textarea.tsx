import { useCallback, useLayoutEffect, useRef, type ComponentProps, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { controlStyles } from '../../lib/control-styles';

export interface TextareaProps extends ComponentProps<'textarea'> {
  /** Rows shown when empty. */
  minRows?: number;
  /** Rows the field grows to before it scrolls. */
  maxRows?: number;
}

/** A textarea that grows with its content from `minRows` (1) to `maxRows` (4), then scrolls. */
export function Textarea({
  className,
  minRows = 1,
  maxRows = 4,
  ref,
  onInput,
  value,
  ...props
}: TextareaProps) {
  const inner = useRef<HTMLTextAreaElement | null>(null);

  const resize = useCallback(() => {
    const el = inner.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || 20;
    const chrome =
      parseFloat(style.paddingTop) +
      parseFloat(style.paddingBottom) +
      parseFloat(style.borderTopWidth) +
      parseFloat(style.borderBottomWidth);
    el.style.height = 'auto';
    const min = line * minRows + chrome;
    const max = line * maxRows + chrome;
    const wanted =
      el.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    el.style.height = `${Math.min(Math.max(wanted, min), max)}px`;
    el.style.overflowY = wanted > max ? 'auto' : 'hidden';
  }, [minRows, maxRows]);

  // Controlled values change without an input event, so measure after every render of a new value.
  useLayoutEffect(resize, [resize, value]);

  return (
    <textarea
      data-slot="textarea"
      ref={mergeRefs(inner, ref)}
      rows={minRows}
      value={value}
      onInput={(event) => {
        resize();
        onInput?.(event);
      }}
      className={cn(controlStyles, 'block resize-none px-3 py-2 leading-5', className)}
      {...props}
    />
  );
}

function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
