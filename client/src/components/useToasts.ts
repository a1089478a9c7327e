import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppIconName } from './appIcons';
import type { IconName } from './Icon';

/** A toast's icon: one of the app's drawings or of the public pages' (star, coin...). */
export type ToastIconName = AppIconName | IconName;

/** A toast shows for 4 s by default (spec: toast default 4 s). */
export const TOAST_MS = 4000;
/** At most this many toasts at once; a new one pushes the oldest out. */
const MAX_TOASTS = 4;

export interface ToastSpec {
  tone: 'info' | 'success' | 'error' | 'accent';
  title: string;
  body?: string;
  icon?: ToastIconName;
  /** What the toast is about ('daily', 'jackpot'): its test id is toast-<kind> (toast-<tone> without). */
  kind?: string;
}

export interface ToastItem extends ToastSpec {
  id: number;
}

/** The toasts on screen: push shows one for `durationMs`, dismiss removes it at once. */
export function useToasts(durationMs = TOAST_MS) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const push = useCallback(
    (spec: ToastSpec) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-(MAX_TOASTS - 1)), { ...spec, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss, durationMs],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { toasts, push, dismiss };
}
