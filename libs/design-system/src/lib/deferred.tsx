import {
  cloneElement,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type RefObject,
} from 'react';
import type { TooltipProps } from '../components/tooltip/tooltip';

/**
 * A component loaded with `import()` the first time it is wanted (ARCHITECTURE §8: menus, selects
 * and tooltips bring the Radix menu, popper and focus code, about 35 KiB, which the first paint of
 * a page does not need). `prime()` only starts the download (on hover or focus): the stand-in
 * trigger stays, so a press that follows reaches it. `show()` renders the loaded component in its
 * place, `want()` also asks for it opened (`unwant()` takes that back). The trigger, when it had
 * focus as the loaded component replaced it, gets it back.
 */
export function useDeferred<P>(load: () => Promise<ComponentType<P>>) {
  const [loaded, setLoaded] = useState<{ Component: ComponentType<P> } | null>(null);
  const [wanted, setWanted] = useState(false);
  const download = useRef<Promise<ComponentType<P>> | null>(null);
  const shown = useRef(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const refocus = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    // Set again on mount: StrictMode's second mount follows a first unmount.
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const prime = useCallback(() => (download.current ??= load()), [load]);
  const show = useCallback(() => {
    if (shown.current) return;
    shown.current = true;
    void prime().then((Component) => {
      if (!mounted.current) return;
      refocus.current = trigger.current !== null && trigger.current === document.activeElement;
      setLoaded({ Component });
    });
  }, [prime]);
  const want = useCallback(() => {
    setWanted(true);
    show();
  }, [show]);

  useLayoutEffect(() => {
    if (!loaded || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [loaded]);

  const unwant = useCallback(() => setWanted(false), []);

  return { Component: loaded?.Component ?? null, wanted, prime, show, want, unwant, trigger };
}

/** Pointer and keyboard events that open a Radix dropdown menu from its trigger. */
export function menuTriggerHandlers(want: () => void, prime: () => void) {
  return {
    onPointerEnter: (event: React.PointerEvent) => void (event.pointerType === 'mouse' && prime()),
    onFocus: () => void prime(),
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

/** What a deferred component's stand-in trigger spreads on its button. */
export type DeferredTriggerProps = ReturnType<typeof menuTriggerHandlers> & {
  ref: RefObject<HTMLButtonElement | null>;
  'aria-expanded': false;
  'data-state': 'closed';
};

/**
 * A menu, select or popover whose Radix code loads on first use: `trigger` renders its button at
 * once (looking and named as the loaded one's), `load` (a stable, module-level function) brings
 * the component, rendered with `props` and opened (`defaultOpen`) when the use asked for it.
 */
export function Deferred<P extends { defaultOpen?: boolean }>({
  load,
  props,
  trigger,
}: {
  load: () => Promise<ComponentType<P>>;
  props: Omit<P, 'defaultOpen'>;
  trigger: (props: DeferredTriggerProps) => ReactElement;
}) {
  const { Component, wanted, prime, want, trigger: ref } = useDeferred(load);
  if (Component) return <Component {...(props as P)} defaultOpen={wanted} />;
  return trigger({ ref, 'aria-expanded': false, 'data-state': 'closed', ...menuTriggerHandlers(want, prime) });
}

const loadTooltip = () => import('../components/tooltip/tooltip').then((m) => m.Tooltip);

/**
 * The Tooltip with its Radix code (popper, floating-ui) loaded when its trigger is first hovered
 * by a mouse or focused; a pointer still over the trigger, or the focus still on it, when it has
 * loaded sees it open as it would have. `children` is the trigger element (a button or link).
 */
export function DeferredTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<TriggerElementProps> }) {
  const { Component: Tooltip, wanted, want, unwant, prime, show, trigger } = useDeferred(loadTooltip);
  // The loaded tooltip replaces the trigger's element: never while it is being pressed (the press
  // would lose its click), so a hover swaps it in after Radix's own delay only if no press came.
  const hover = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);
  useEffect(() => () => clearTimeout(hover.current), []);
  const own = children.props;
  // The trigger before and after loading, so focus comes back to it.
  const ref = (node: HTMLElement | null) => {
    // Only focused again once loaded (useDeferred); a wrapping span serves as well as a button.
    trigger.current = node as HTMLButtonElement | null;
    if (typeof own.ref === 'function') own.ref(node);
    else if (own.ref) own.ref.current = node;
  };
  if (Tooltip) {
    return (
      <Tooltip {...props} defaultOpen={props.defaultOpen ?? wanted}>
        {cloneElement(children, { ref })}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    ref,
    // A mouse only: a touch has no hover.
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'mouse') return;
      void prime();
      hover.current = setTimeout(want, tooltipDelay);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      clearTimeout(hover.current);
      pressed.current = false;
      unwant();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      clearTimeout(hover.current);
      pressed.current = true;
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // Keyboard focus: shown at once, the loaded tooltip opens on the focus given back to its trigger.
      if (!pressed.current) show();
    },
  });
}

/** The delay before a hovered trigger's tooltip opens (TooltipRoot's default). */
export const tooltipDelay = 300;

interface TriggerElementProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}
