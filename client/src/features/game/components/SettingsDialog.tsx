import { useId, useState, type ReactNode } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import { Modal } from '../../../components/Modal';
import { TabPanel, Tabs } from '../../../components/Tabs';
import {
  settingsStore,
  useReducedMotion,
  useSettings,
  VOLUME_STEP,
  type Settings,
  type ThemeSetting,
} from '../../../lib/settings';
import './SettingsDialog.css';

const text = gameScreenText.settings;
const TABS = (['sound', 'display', 'gameplay', 'wallet'] as const).map((id) => ({ id, label: text.tabs[id] }));
type TabId = (typeof TABS)[number]['id'];

function Switch({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <label htmlFor={id} className="setting-row__text">
        <span className="setting-row__label">{label}</span>
        {description ? <span className="setting-row__desc">{description}</span> : null}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}

function update(change: (s: Settings) => Settings) {
  settingsStore.update(change);
}

/** The settings dialog: four tabs, applied live, stored in this browser. */
export function SettingsDialog({
  onClose,
  confirmReset,
}: {
  onClose: () => void;
  /** Asks before resetting (the "Confirm actions" setting); resolves true to go ahead. */
  confirmReset: () => Promise<boolean>;
}) {
  const settings = useSettings();
  const reducedMotion = useReducedMotion();
  const [tab, setTab] = useState<TabId>('sound');
  const baseId = useId();
  const volumeId = useId();

  const onReset = async () => {
    if (settings.gameplay.confirmActions && !(await confirmReset())) return;
    settingsStore.reset();
  };

  return (
    <Modal title={text.title} onClose={onClose} className="settings-modal">
      <Tabs
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={text.sections}
        idPrefix={baseId}
        look="pills"
        narrow="wrap"
      />

      <TabPanel idPrefix={baseId} id={tab}>
        {tab === 'sound' ? (
          <>
            <Switch
              label={text.sound.label}
              description={text.sound.description}
              checked={settings.sound.enabled}
              onChange={(enabled) => update((s) => ({ ...s, sound: { ...s.sound, enabled } }))}
            />
            <div className="setting-row setting-row--stack">
              <label htmlFor={volumeId} className="setting-row__label">
                {text.volume} <output htmlFor={volumeId}>{Math.round(settings.sound.volume * 100)}%</output>
              </label>
              <input
                id={volumeId}
                type="range"
                min={0}
                max={1}
                step={VOLUME_STEP}
                value={settings.sound.volume}
                disabled={!settings.sound.enabled}
                onChange={(event) =>
                  update((s) => ({ ...s, sound: { ...s.sound, volume: Number(event.target.value) } }))
                }
              />
            </div>
          </>
        ) : null}

        {tab === 'display' ? (
          <>
            <fieldset className="setting-row setting-row--stack theme-choice">
              <legend className="setting-row__label">{text.theme}</legend>
              <div className="segmented segmented--three">
                {(['dark', 'light', 'auto'] as ThemeSetting[]).map((theme) => (
                  <label key={theme} className={settings.display.theme === theme ? 'is-active' : ''}>
                    <input
                      type="radio"
                      name={`${baseId}-theme`}
                      value={theme}
                      checked={settings.display.theme === theme}
                      onChange={() => update((s) => ({ ...s, display: { ...s.display, theme } }))}
                    />
                    {text.themes[theme]}
                  </label>
                ))}
              </div>
            </fieldset>
            <Switch
              label={text.animations.label}
              description={reducedMotion ? text.animations.reduced : text.animations.description}
              checked={settings.display.animations}
              onChange={(animations) => update((s) => ({ ...s, display: { ...s.display, animations } }))}
            />
            <Switch
              label={text.particles.label}
              description={text.particles.description}
              checked={settings.display.particleEffects}
              onChange={(particleEffects) => update((s) => ({ ...s, display: { ...s.display, particleEffects } }))}
            />
          </>
        ) : null}

        {tab === 'gameplay' ? (
          <>
            <Switch
              label={text.autoRoll.label}
              description={text.autoRoll.description}
              checked={settings.gameplay.autoRoll}
              onChange={(autoRoll) => update((s) => ({ ...s, gameplay: { ...s.gameplay, autoRoll } }))}
            />
            <Switch
              label={text.fastRolls.label}
              description={text.fastRolls.description}
              checked={settings.gameplay.fastRolls}
              onChange={(fastRolls) => update((s) => ({ ...s, gameplay: { ...s.gameplay, fastRolls } }))}
            />
            <Switch
              label={text.confirmActions.label}
              description={text.confirmActions.description}
              checked={settings.gameplay.confirmActions}
              onChange={(confirmActions) => update((s) => ({ ...s, gameplay: { ...s.gameplay, confirmActions } }))}
            />
            <Switch
              label={text.tutorial.label}
              description={text.tutorial.description}
              checked={settings.gameplay.showTutorial}
              onChange={(showTutorial) => update((s) => ({ ...s, gameplay: { ...s.gameplay, showTutorial } }))}
            />
          </>
        ) : null}

        {tab === 'wallet' ? (
          <>
            <Switch
              label={text.showBalance.label}
              description={text.showBalance.description}
              checked={settings.wallet.showBalance}
              onChange={(showBalance) => update((s) => ({ ...s, wallet: { ...s.wallet, showBalance } }))}
            />
            <Switch
              label={text.autoConnect.label}
              description={text.autoConnect.description}
              checked={settings.wallet.autoConnect}
              onChange={(autoConnect) => update((s) => ({ ...s, wallet: { ...s.wallet, autoConnect } }))}
            />
          </>
        ) : null}
      </TabPanel>

      <div className="button-row settings-actions">
        <button type="button" className="button button--ghost" onClick={() => void onReset()}>
          {text.reset}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          {text.done}
        </button>
      </div>
    </Modal>
  );
}
