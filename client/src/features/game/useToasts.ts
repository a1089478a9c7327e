import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastSpec } from './outcome';

/** Spec section 9: a toast shows for 4 s by default. */
export const TOAST_MS = 4000;

export interface Toast extends ToastSpec {
  id: number;
}

export function useToasts(durationMs = TOAST_MS) {
  const [toasts, setToasts] = useState<Toast[]>([]);
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
      setToasts((list) => [...list.slice(-3), { ...spec, id }]);
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
