import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { CreditCelebration } from '../../components/CreditCelebration';
import { InstallOffer } from '../../components/InstallOffer';
import { creditEventsFromHistory } from '../../lib/creditCelebration';
import { useCreditCelebration } from '../../lib/useCreditCelebration';
import { useSession } from '../../lib/session';
import { paths, profileTabs, type ProfileTab } from '../../lib/paths';
import { TabPanel } from '../../components/Tabs';
import { ACCOUNT_TABS_ID, AccountTabs } from './components/AccountTabs';
import { BalanceSummary } from './components/BalanceSummary';
import { DepositTab } from './components/DepositTab';
import { WithdrawTab } from './components/WithdrawTab';
import { HistoryTab } from './components/HistoryTab';
import { ReferralTab } from './components/ReferralTab';
import { FriendsPanel } from './friends/FriendsPanel';
import { AccountSettings } from './settings/AccountSettings';
import { useTransactions } from './api/transactions';
import { profileKeys } from './api/keys';
import { LiveIndicator } from '../../components/LiveIndicator';
import { BrandMark } from '../../components/BrandMark';
import './profile.css';

const isTab = (value: string | null): value is ProfileTab => (profileTabs as readonly string[]).includes(value ?? '');

/** /profile 'My Account': balances, then deposit, withdraw, history, referral, friends and settings tabs (?tab=). */
export default function ProfilePage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: ProfileTab = isTab(raw) ? raw : 'deposit';
  const diceMode = tab === 'deposit' && params.get('diceRolls') === 'true';

  // An approved deposit is celebrated the next time the history shows its credit.
  const history = useTransactions();
  const credits = useMemo(
    () =>
      history.data
        ? ({ kind: 'requests', events: creditEventsFromHistory(history.data.pages[0]?.transactions ?? []) } as const)
        : undefined,
    [history.data],
  );
  const { celebration, dismiss } = useCreditCelebration(user?.id, credits);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (celebration) void queryClient.invalidateQueries({ queryKey: profileKeys.balance });
  }, [celebration, queryClient]);

  const select = (next: ProfileTab) => setParams({ tab: next }, { replace: true });
  const setDiceMode = (on: boolean) =>
    setParams(on ? { tab: 'deposit', diceRolls: 'true' } : { tab: 'deposit' }, { replace: true });

  return (
    <div className="account">
      <header className="topbar">
        <Link to={paths.home} className="brand" aria-label="GOGO Board home">
          <BrandMark /> GOGO Board
        </Link>
        <nav className="topbar__actions" aria-label="Account">
          <LiveIndicator />
          <span className="chip account__user">{user?.username ?? 'My account'}</span>
          <Link className="button button--primary" to={paths.game}>
            Play
          </Link>
        </nav>
      </header>
      <main className="account__main">
        <h1 className="account__title">My Account</h1>
        <CreditCelebration celebration={celebration} onDone={dismiss} />
        <BalanceSummary />
        <InstallOffer />
        <AccountTabs current={tab} onSelect={select} />
        <TabPanel idPrefix={ACCOUNT_TABS_ID} id={tab} className="account-panel">
          {tab === 'deposit' ? <DepositTab diceMode={diceMode} onDiceModeChange={setDiceMode} /> : null}
          {tab === 'withdraw' ? <WithdrawTab /> : null}
          {tab === 'history' ? <HistoryTab /> : null}
          {tab === 'referral' ? <ReferralTab /> : null}
          {tab === 'friends' ? <FriendsPanel /> : null}
          {tab === 'settings' ? <AccountSettings /> : null}
        </TabPanel>
      </main>
    </div>
  );
}
