import { Children, cloneElement, Fragment, isValidElement, useCallback, type HTMLAttributes, type ReactElement, type ReactNode, type Ref } from 'react';

/**
 * `asChild` of the design system's components: renders its one child element in place of its own,
 * with the props merged (the child's win; event handlers both run, the child's first; classes and
 * styles combined; `aria-describedby` ids joined) and both refs set. Radix's Slot does the same; this
 * one keeps its 2 KiB off the entry chunk (the button and the navigation render on every route).
 */
export function Slot({ children, ref, ...slotProps }: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  const { target, content } = slotTarget(children);
  const childRef = target ? (target.props as { ref?: Ref<HTMLElement> }).ref : undefined;
  const composedRef = useComposedRef(ref, childRef);
  if (!target) {
    if (children == null || children === false) return null;
    throw new Error('Slot (asChild) needs exactly one React element as its child (or inside its Slottable).');
  }
  const props: Record<string, unknown> = mergeSlotProps(slotProps, target.props as Record<string, unknown>);
  if (target.type !== Fragment) props['ref'] = composedRef;
  return content === undefined ? cloneElement(target, props) : cloneElement(target, props, ...content);
}

/**
 * Marks, among a Slot's children, the element that receives the Slot's props; its siblings become
 * that element's children around its own (the button's spinner beside a link's text).
 */
export function Slottable({ children }: { children?: ReactNode }) {
  return children;
}

/** The element a Slot renders, and the children it gets when the Slot has a Slottable. */
function slotTarget(children: ReactNode): { target: ReactElement | null; content?: ReactNode[] } {
  const nodes = Children.toArray(children);
  const slottable = nodes.find((node): node is ReactElement<{ children?: ReactNode }> => isValidElement(node) && node.type === Slottable);
  if (!slottable) return { target: nodes.length === 1 && isValidElement(children) ? children : null };
  const target = slottable.props.children;
  if (!isValidElement<{ children?: ReactNode }>(target)) return { target: null };
  return { target, content: nodes.map((node) => (node === slottable ? target.props.children : node)) };
}

/** The Slot's props under the child's own. */
export function mergeSlotProps(slotProps: Record<string, unknown>, childProps: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === 'style') {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (name === 'aria-describedby') {
      const ids = [childValue, slotValue].filter((value) => typeof value === 'string').flatMap((value) => value.split(/\s+/));
      merged[name] = [...new Set(ids.filter(Boolean))].join(' ') || undefined;
    }
  }
  return merged;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void | (() => void) {
  if (typeof ref === 'function') return ref(value);
  if (ref) ref.current = value;
}

/** One callback ref that sets both (stable while they are, so React does not detach it each render). */
/** One ref that sets both (either may be a callback or an object ref). */
export function useComposedRef<T>(first: Ref<T> | undefined, second: Ref<T> | undefined): Ref<T> {
  return useCallback(
    (node: T | null) => {
      const cleanups = [first, second].map((ref) => setRef(ref, node));
      // A callback ref may return its cleanup (React 19); the others are unset with null.
      return () =>
        [first, second].forEach((ref, index) => {
          const cleanup = cleanups[index];
          if (typeof cleanup === 'function') cleanup();
          else setRef(ref, null);
        });
    },
    [first, second],
  );
}
