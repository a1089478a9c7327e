import type { FormEvent, ReactNode } from 'react';
import { Alert } from './Alert';
import { ConfirmActions, type ConfirmActionsProps } from './ConfirmActions';
import { Modal } from './Modal';

type Props = Omit<ConfirmActionsProps, 'onConfirm' | 'autoFocus' | 'align'> & {
  title: string;
  /** What will happen; fields (a password) may sit here too. */
  children: ReactNode;
  error?: string | null;
  onConfirm: () => void;
};

/**
 * A modal question before an action that cannot be undone: an alert dialog whose form confirms on
 * Enter; Escape, the backdrop and Cancel close it unless busy.
 */
export function ConfirmDialog({ title, children, error = null, onConfirm, onCancel, ...actions }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!actions.busy && actions.canConfirm !== false) onConfirm();
  };
  return (
    <Modal title={title} onClose={onCancel} busy={actions.busy} role="alertdialog" className="confirm-dialog">
      <form className="form" onSubmit={submit} noValidate>
        {children}
        {error ? <Alert kind="error">{error}</Alert> : null}
        <ConfirmActions {...actions} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
