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
 * a page does not need). `prime()` starts the download (on hover or focus), `want()`
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
  const { Component: Tooltip, wanted, want, unwant, prime, trigger } = useDeferred(loadTooltip);
  if (Tooltip) {
    return (
      <Tooltip {...props} defaultOpen={props.defaultOpen ?? wanted}>
        {children}
      </Tooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      // Only focused again once loaded (useDeferred); a wrapping span serves as well as a button.
      trigger.current = node as HTMLButtonElement | null;
      if (typeof own.ref === 'function') own.ref(node);
      else if (own.ref) own.ref.current = node;
    },
    // A mouse only: a touch's tap must not see its trigger replaced between press and click.
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') want();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      unwant();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      prime();
    },
  });
}

interface TriggerElementProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}
