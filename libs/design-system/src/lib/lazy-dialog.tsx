import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (the Radix dialog, focus scope, scroll lock, and what the dialog itself
 * brings: a form library, validation schemas) loads the first time it opens, not with the page that
 * shows it closed. From then on it stays mounted, so it closes with its animation and opens again
 * at once. While the first download runs nothing is shown: a dialog is an overlay, so nothing on
 * the page moves, and focus stays on the control that opened it until the dialog takes it.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((Component) => ({ default: Component })));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return <Suspense fallback={null}>{createElement(Loaded, props)}</Suspense>;
  }
  return LazyDialog;
}
