import { PUSH_KINDS } from '@gogo/shared/rules';
import { pushText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { messageForError } from '../../../lib/api/errors';
import { useRemovePushDevice, useSetPushPreferences, useSubscribePush, useThisDevicePush } from '../../../lib/push';
import { Toggle } from './Toggle';

/** Web push: this device's state (and the switch to turn it on or off), every device, the kinds to send. */
export function PushCard() {
  const device = useThisDevicePush();
  const subscribe = useSubscribePush();
  const remove = useRemovePushDevice();
  const prefs = useSetPushPreferences();
  const data = device.devices.data;
  const state =
    device.permission === 'unsupported'
      ? pushText.thisDeviceUnsupported
      : device.permission === 'denied'
        ? pushText.thisDeviceBlocked
        : device.subscribed
          ? pushText.thisDeviceOn
          : pushText.thisDeviceOff;
  const error = remove.error ?? prefs.error;
  return (
    <section className="account-card push-card" aria-labelledby="settings-push-title" data-testid="push-card">
      <h2 id="settings-push-title">{pushText.settingsTitle}</h2>
      <p className="settings-toggle__hint">{pushText.settingsIntro}</p>
      <div className="push-card__device">
        <span
          className={`push-card__state${device.subscribed ? ' is-on' : ''}`}
          data-testid="push-device-state"
          data-state={device.subscribed ? 'on' : device.permission}
        >
          {state}
        </span>
        {device.permission === 'default' || device.permission === 'granted' ? (
          device.subscribed && device.device ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: device.device!.id, thisDevice: true }, { onSettled: device.refresh })}
            >
              {pushText.turnOff}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={subscribe.isPending}
              onClick={() => subscribe.mutate(undefined, { onSettled: device.refresh })}
            >
              {pushText.turnOn}
            </button>
          )
        ) : null}
      </div>
      <h3 className="push-card__subtitle">{pushText.devicesTitle}</h3>
      {data && data.devices.length > 0 ? (
        <ul className="push-card__devices" data-testid="push-devices">
          {data.devices.map((d) => {
            const mine = d.id === device.device?.id;
            return (
              <li key={d.id}>
                <span className="push-card__label">
                  {d.label}
                  {mine ? <span className="push-card__mine"> ({pushText.thisDevice})</span> : null}
                  <span className="push-card__date">{pushText.addedOn(d.createdAt.slice(0, 10))}</span>
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={pushText.removeDeviceLabel(d.label)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: d.id, thisDevice: mine }, { onSettled: device.refresh })}
                >
                  {pushText.removeDevice}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="settings-toggle__hint">{pushText.noDevices}</p>
      )}
      <h3 className="push-card__subtitle">{pushText.kindsTitle}</h3>
      {PUSH_KINDS.map((kind) => (
        <Toggle
          key={kind}
          label={pushText.kindLabel[kind]}
          checked={data?.preferences[kind] ?? true}
          disabled={!data || prefs.isPending}
          onChange={(on) => prefs.mutate({ [kind]: on })}
        />
      ))}
      {subscribe.isError && device.permission !== 'denied' ? <Alert kind="error">{pushText.failed}</Alert> : null}
      {error ? <Alert kind="error">{messageForError(error)}</Alert> : null}
    </section>
  );
}
