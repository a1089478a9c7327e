import { useState } from 'react';
import type { PlayerEventDto } from '@gogo/shared/api';
import { pushText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { messageForError } from '../../../lib/api/errors';
import { pushPermission, useSubscribePush, useThisDevicePush } from '../../../lib/push';
import { useEventReminder } from '../api';

/**
 * "Remind me" on an upcoming event: a push notification when it starts. Where this device does not
 * receive notifications yet it says why and offers to turn them on (the browser's prompt, then the
 * reminder); where the browser blocks them or cannot push, it explains instead.
 */
export function RemindButton({ event }: { event: PlayerEventDto }) {
  const reminder = useEventReminder();
  const device = useThisDevicePush();
  const subscribe = useSubscribePush();
  const [explain, setExplain] = useState(false);
  const permission = device.permission;
  const set = event.reminder === true;

  const remind = () => reminder.mutate({ id: event.id, on: true });
  const onClick = () => {
    if (set) return reminder.mutate({ id: event.id, on: false });
    if (device.subscribed) return remind();
    setExplain(true);
  };
  const enableAndRemind = () =>
    subscribe.mutate(undefined, {
      onSuccess: () => {
        device.refresh();
        setExplain(false);
        remind();
      },
      onError: () => device.refresh(),
    });

  return (
    <div className="remind" data-testid="remind">
      <button
        type="button"
        className={
          set
            ? 'button button--ghost remind__button is-set'
            : explain
              ? 'button button--ghost remind__button'
              : 'button button--primary remind__button'
        }
        aria-pressed={set}
        disabled={reminder.isPending || subscribe.isPending}
        onClick={onClick}
        data-testid="remind-button"
      >
        <span aria-hidden="true">{set ? '✓ ' : ''}</span>
        {set ? pushText.reminderSet : pushText.remindMe}
      </button>
      {set ? (
        <p className="remind__note" data-testid="remind-note">
          {pushText.reminderSetToast(event.name)}
        </p>
      ) : null}
      {explain && !set ? (
        <div className="remind__explain" data-testid="remind-explain">
          {permission === 'unsupported' ? (
            <p className="remind__note">{pushText.reminderUnsupported}</p>
          ) : permission === 'denied' || pushPermission() === 'denied' ? (
            <p className="remind__note">{pushText.reminderBlocked}</p>
          ) : (
            <>
              <p className="remind__note">{pushText.reminderNeedsPush}</p>
              <button
                type="button"
                className="button button--primary"
                disabled={subscribe.isPending}
                onClick={enableAndRemind}
              >
                {pushText.promptAccept}
              </button>
            </>
          )}
        </div>
      ) : null}
      {reminder.isError ? <Alert kind="error">{messageForError(reminder.error)}</Alert> : null}
    </div>
  );
}
