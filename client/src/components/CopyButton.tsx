import { useEffect, useRef, useState } from 'react';
import { errorText } from '@gogo/shared/messages';
import './CopyButton.css';

/** How long "Copied" (or the failure) shows after a click: 1.5 s. */
export const COPY_FEEDBACK_MS = 1500;

async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

interface Props {
  value: string;
  /** What is copied, for screen readers: "Copy transaction id 42". */
  label: string;
  className?: string;
}

/** A copy-to-clipboard button that says "Copied" for 1.5 s, or 'Failed to copy' when it cannot. */
export function CopyButton({ value, label, className }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onClick = async () => {
    let next: 'copied' | 'failed' = 'copied';
    try {
      await writeClipboard(value);
    } catch {
      next = 'failed';
    }
    setState(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };

  const text = state === 'copied' ? 'Copied' : state === 'failed' ? errorText.copyFailed : 'Copy';
  return (
    <button
      type="button"
      className={`copy-button${state === 'failed' ? ' copy-button--failed' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => void onClick()}
      aria-label={state === 'idle' ? label : undefined}
    >
      <span aria-live="polite">{text}</span>
    </button>
  );
}
