import type { ReactNode } from 'react';

/** A message box: errors are announced at once (role alert), successes politely (role status). */
export function Alert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
