import { useState } from 'react';
import { pushText } from '@gogo/shared/messages';
import { markPushAsked, pushAsked, pushPermission, useSubscribePush } from '../lib/push';
import { Alert } from './Alert';
import './push-prompt.css';

/** Whether the in-app offer may show: the browser can push, the player has not answered either prompt. */
export function pushOfferAvailable(): boolean {
  return pushPermission() === 'default' && !pushAsked();
}

/**
 * The friendly ask before the browser's own permission prompt (never on load: the game shows it
 * after the player's first property purchase). "Turn on" opens the browser's prompt and subscribes
 * this device; "Not now" is remembered, and Settings can still turn notifications on.
 */
export function PushPrompt({ onDone }: { onDone: (enabled: boolean) => void }) {
  const subscribe = useSubscribePush();
  const [blocked, setBlocked] = useState(false);
  return (
    <section className="push-prompt" aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <h3 id="push-prompt-title" className="push-prompt__title">
        {pushText.promptTitle}
      </h3>
      <p className="push-prompt__body">{pushText.promptBody}</p>
      {blocked ? <Alert kind="error">{pushText.promptBlocked}</Alert> : null}
      {subscribe.isError && !blocked ? <Alert kind="error">{pushText.failed}</Alert> : null}
      <div className="push-prompt__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={subscribe.isPending}
          onClick={() =>
            subscribe.mutate(undefined, {
              onSuccess: () => onDone(true),
              onError: () => setBlocked(pushPermission() === 'denied'),
            })
          }
        >
          {pushText.promptAccept}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            markPushAsked();
            onDone(false);
          }}
        >
          {pushText.promptDecline}
        </button>
      </div>
    </section>
  );
}
