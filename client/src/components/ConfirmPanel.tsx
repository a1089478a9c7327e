import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { ConfirmActions, type ConfirmActionsProps } from './ConfirmActions';
import './ConfirmPanel.css';

type Props = Omit<ConfirmActionsProps, 'cancelLabel' | 'onCancel' | 'autoFocus'> & {
  question: string;
  /** The consequence, in a sentence. */
  children?: ReactNode;
  error?: string | null;
  onBack: () => void;
};

/** The second step of a money or account action inside a dialog: say what will happen, then do it once. */
export function ConfirmPanel({ question, children, error = null, onBack, ...actions }: Props) {
  return (
    <div className="confirm-panel">
      <p className="confirm-panel__question">{question}</p>
      {children ? <p>{children}</p> : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <ConfirmActions {...actions} cancelLabel="Back" onCancel={onBack} autoFocus />
    </div>
  );
}
