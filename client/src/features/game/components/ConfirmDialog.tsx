import { gameScreenText } from '@gogo/shared/messages/game';
import { Dialog } from '../../../components/Dialog';

/** Asked before actions that cannot be undone, when the "Confirm actions" setting is on. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title={title} onClose={onCancel} role="alertdialog" className="confirm-modal">
      <p>{message}</p>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {gameScreenText.cancel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
