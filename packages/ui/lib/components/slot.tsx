import { cloneElement, forwardRef, isValidElement, useCallback, type HTMLAttributes, type ReactElement, type Ref, type RefCallback } from 'react';

type Props = Record<string, unknown>;
type Cleanup = ReturnType<RefCallback<unknown>>;

function setRef<T>(ref: Ref<T> | undefined, node: T | null): Cleanup {
  if (typeof ref === 'function') return ref(node);
  if (ref) ref.current = node;
  return undefined;
}

/**
 * The slot's props on its child, as Radix's Slot merges them: the child's own props win, except that both event
 * handlers run (the child's first, then the slot's), styles merge, class names join, and `aria-describedby` lists
 * both.
 */
function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const name of Object.keys(child)) {
    const own = slot[name];
    const theirs = child[name];
    if (/^on[A-Z]/.test(name) && typeof own === 'function' && typeof theirs === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = theirs(...args);
        own(...args);
        return result;
      };
    } else if (name === 'style') merged.style = { ...(own as object), ...(theirs as object) };
    else if (name === 'className') merged.className = [own, theirs].filter(Boolean).join(' ');
    else if (name === 'aria-describedby') merged[name] = [...new Set(`${String(theirs ?? '')} ${String(own ?? '')}`.split(/\s+/).filter(Boolean))].join(' ') || undefined;
  }
  return merged;
}

/**
 * Renders its only child element with the slot's props and ref merged in (`Button asChild` around a link): the part
 * of Radix's Slot the design system's first view uses, without Radix's package on every page (issue 20 §7). The
 * child's ref and the slot's both get the node.
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(({ children, ...props }, forwardedRef) => {
  const child = isValidElement(children) ? (children as ReactElement<Props & { ref?: Ref<HTMLElement> }>) : undefined;
  const childRef = child?.props.ref;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      const cleanups = [setRef(forwardedRef, node), setRef(childRef, node)];
      return () => {
        cleanups.forEach((cleanup, i) => (typeof cleanup === 'function' ? cleanup() : setRef(i === 0 ? forwardedRef : childRef, null)));
      };
    },
    [forwardedRef, childRef],
  );
  if (!child) throw new Error('Slot expects a single React element child');
  return cloneElement(child, { ...mergeProps(props as Props, child.props), ref });
});
Slot.displayName = 'Slot';
