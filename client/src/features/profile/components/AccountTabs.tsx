import { useEffect, useRef, type KeyboardEvent } from 'react';
import { profileTabs, type ProfileTab } from '../../../app/paths';

export const tabLabels: Record<ProfileTab, string> = {
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  history: 'Transaction History',
  referral: 'Referral',
  friends: 'Friends',
  settings: 'Settings',
};

export const tabId = (tab: ProfileTab) => `account-tab-${tab}`;
export const panelId = (tab: ProfileTab) => `account-panel-${tab}`;

/** WAI-ARIA tabs: one tab stop, arrows, Home and End move between tabs and select them. */
export function AccountTabs({ current, onSelect }: { current: ProfileTab; onSelect: (tab: ProfileTab) => void }) {
  const refs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  // On a narrow screen the tab row scrolls: keep the selected tab in view (e.g. /profile?tab=settings).
  useEffect(() => {
    refs.current[current]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  const onKeyDown = (e: KeyboardEvent) => {
    const index = profileTabs.indexOf(current);
    const last = profileTabs.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const tab = profileTabs[next]!;
    onSelect(tab);
    refs.current[tab]?.focus();
  };
  return (
    <div className="account-tabs" role="tablist" aria-label="My Account sections" onKeyDown={onKeyDown}>
      {profileTabs.map((tab) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'account-tab is-active' : 'account-tab'}
            onClick={() => onSelect(tab)}
          >
            {tab === 'history' ? (
              <>
                <span className="account-tab__long">Transaction </span>History
              </>
            ) : (
              tabLabels[tab]
            )}
          </button>
        );
      })}
    </div>
  );
}
