/** Space and Enter roll the die, unless the key belongs to a control, a field or a dialog. */

const INTERACTIVE = 'input, textarea, select, button, a[href], summary, [contenteditable=""], [contenteditable="true"]';

export interface KeyLike {
  key: string;
  repeat?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  target?: EventTarget | null;
}

export function isRollKey(event: KeyLike): boolean {
  if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return false;
  return event.key === ' ' || event.key === 'Spacebar' || event.key === 'Enter';
}

/** True when a key press aimed at `target` may act on the board (focus is on the page or the canvas). */
export function targetAllowsBoardKeys(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return true;
  const element = target as Element;
  if (element.closest(INTERACTIVE)) return false;
  if (element.closest('[role="dialog"], [role="alertdialog"], dialog')) return false;
  return true;
}

export function shouldRollOnKey(event: KeyLike): boolean {
  return isRollKey(event) && targetAllowsBoardKeys(event.target);
}
