import { useEffect } from 'react';

const firstInputEvents = ['pointerdown', 'keydown'] as const;

/**
 * Calls `load` once, at the user's first press or key anywhere on the page after the component
 * mounted: code a page needs only once the user acts (a form's checks, a wizard's later steps)
 * starts loading then, well before a submit or a Next needs it, and stays out of the page's first
 * load. `load` should keep its identity between renders (a module-level function).
 */
export function useOnFirstInput(load: (() => unknown) | undefined): void {
  useEffect(() => {
    if (!load) return undefined;
    const remove = () => {
      for (const event of firstInputEvents) document.removeEventListener(event, run, true);
    };
    const run = () => {
      remove();
      void load();
    };
    for (const event of firstInputEvents) document.addEventListener(event, run, true);
    return remove;
  }, [load]);
}
