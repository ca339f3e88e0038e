import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';

/**
 * A component loaded with `import()` the first time it is wanted (ARCHITECTURE §8: the header's
 * menus and tooltips bring the Radix menu, popper and focus code, about 30 KiB, which the first
 * paint of a page does not need). `prime()` starts the download (on hover or focus), `want()`
 * also asks for the loaded component to be shown opened (`unwant()` takes that back); the element that had focus when it
 * loads (the trigger, re-rendered by the loaded component) gets it back.
 */
export function useDeferred<P>(load: () => Promise<ComponentType<P>>) {
  const [loaded, setLoaded] = useState<{ Component: ComponentType<P> } | null>(null);
  const [wanted, setWanted] = useState(false);
  const started = useRef(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const refocus = useRef(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const prime = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void load().then((Component) => {
      if (!mounted.current) return;
      refocus.current = trigger.current !== null && trigger.current === document.activeElement;
      setLoaded({ Component });
    });
  }, [load]);
  const want = useCallback(() => {
    setWanted(true);
    prime();
  }, [prime]);

  useLayoutEffect(() => {
    if (!loaded || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [loaded]);

  const unwant = useCallback(() => setWanted(false), []);

  return { Component: loaded?.Component ?? null, wanted, prime, want, unwant, trigger };
}

/** Pointer and keyboard events that open a Radix dropdown menu from its trigger. */
export function menuTriggerHandlers(want: () => void, prime: () => void) {
  return {
    onPointerEnter: (event: React.PointerEvent) => event.pointerType === 'mouse' && prime(),
    onFocus: prime,
    onPointerDown: (event: React.PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) {
        event.preventDefault();
        want();
      }
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
        event.preventDefault();
        want();
      }
    },
  };
}
