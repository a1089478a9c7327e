import type { ReactNode } from 'react';
import { Tabs, type TabItem } from '../../../components/Tabs';
import { profileTabs, type ProfileTab } from '../../../lib/paths';

/** Prefix of the tab and panel ids: account-tab-<tab> labels account-panel-<tab>. */
export const ACCOUNT_TABS_ID = 'account';

const labels: Record<ProfileTab, ReactNode> = {
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  // "History" on phones; the accessible name stays "Transaction History".
  history: (
    <>
      <span className="account-tab__long">Transaction </span>History
    </>
  ),
  referral: 'Referral',
  friends: 'Friends',
  settings: 'Settings',
};
const tabs: ReadonlyArray<TabItem<ProfileTab>> = profileTabs.map((id) => ({ id, label: labels[id] }));

/**
 * The My Account tab strip: the kit's pills, every tab visible in a 3 x 2 grid on a phone (a
 * scrolled strip hid "Friends" and "Settings" with no sign).
 */
export function AccountTabs({ current, onSelect }: { current: ProfileTab; onSelect: (tab: ProfileTab) => void }) {
  return (
    <Tabs
      tabs={tabs}
      selected={current}
      onSelect={onSelect}
      label="My Account sections"
      idPrefix={ACCOUNT_TABS_ID}
      look="pills"
      narrow="grid"
    />
  );
}
