import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const nextFrame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16);

function firstControl(root: HTMLElement): HTMLElement | null {
  return (
    root.querySelector<HTMLElement>('input:not([disabled]), select, textarea') ??
    root.querySelector<HTMLElement>(FOCUSABLE)
  );
}

/**
 * Keeps Tab inside a dialog, focuses its first field on open and gives focus back on close. When the
 * focused control disappears (content swapped after a load, a button removed), focus goes back into
 * the dialog instead of falling to the page behind it, so Escape keeps working at once.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement as HTMLElement | null;
    const focusInside = () => (firstControl(root) ?? root).focus();
    focusInside();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (e.shiftKey && document.activeElement === firstItem) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && document.activeElement === lastItem) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    const observer =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            // Checked a frame later: while a tap moves focus between two fields the body is briefly
            // active (blur, then focus), and that moment must not pull focus back to the first field.
            nextFrame(() => {
              const active = document.activeElement;
              if (root.isConnected && (!active || active === document.body || !active.isConnected)) focusInside();
            });
          });
    observer?.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    root.addEventListener('keydown', onKey);
    return () => {
      observer?.disconnect();
      root.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [ref]);
}
