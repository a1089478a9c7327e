import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { adminLogout, useAdminMe } from './api/session';
import { useSummary } from './api/reports';
import { formatNumber } from './format';
import { OverviewTab } from './components/OverviewTab';
import { DepositsTab } from './components/DepositsTab';
import { WithdrawalsTab } from './components/WithdrawalsTab';
import { TransactionsTab } from './components/TransactionsTab';
import { UsersTab } from './components/UsersTab';
import { AnalyticsTab } from './components/AnalyticsTab';
import { AuditTab } from './components/AuditTab';
import { SecurityTab } from './components/SecurityTab';
import { EventsTab } from './components/EventsTab';
import { TreasuryTab } from './components/TreasuryTab';
import { SecondFactorSetupPage } from './components/SecondFactorSetupPage';
import { useAdminSecurity } from './api/security';
import { LiveIndicator } from '../../components/LiveIndicator';
import { TabPanel, Tabs } from '../../components/Tabs';
import { AdminTopbar } from './components/AdminTopbar';
import './admin.css';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'deposits', label: 'Deposit Management' },
  { id: 'withdrawals', label: 'Withdrawal Management' },
  { id: 'treasury', label: 'Treasury' },
  { id: 'transactions', label: 'All Transactions' },
  { id: 'users', label: 'Users' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'events', label: 'Events' },
  { id: 'audit', label: 'Audit Log' },
  { id: 'security', label: 'Security' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function SummaryCards() {
  const { data, isError } = useSummary();
  const value = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  const cards = [
    {
      label: 'Total Users',
      value: value(data?.totalUsers),
      note: data && `${formatNumber(data.activeUsers)} active in 7 days`,
    },
    {
      label: 'Active 24h',
      value: value(data?.active24h),
      note: data && `${formatNumber(data.lockedUsers)} locked now`,
    },
    {
      label: 'Total Transactions',
      value: value(data?.totalTx),
      note: data && `${formatNumber(data.totalBalance)} GOGO held by players`,
    },
    {
      label: 'Pending Deposits',
      value: value(data?.pendingDeposits),
      note: data && `${formatNumber(data.pendingWithdrawals)} withdrawals pending`,
    },
  ];
  return (
    <section className="admin-cards" aria-label="Summary">
      {cards.map((c) => (
        <article key={c.label} className="admin-card">
          <h2 className="admin-card__label">{c.label}</h2>
          <p className="admin-card__value">{c.value}</p>
          <p className="admin-card__note">{isError ? 'Could not load figures' : (c.note ?? '\u00a0')}</p>
        </article>
      ))}
    </section>
  );
}

/** /admin/dashboard: summary cards and the back office's tabs (the tab lives in ?tab=). */
export default function AdminDashboardPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const me = useAdminMe();
  const summary = useSummary();
  const security = useAdminSecurity();
  const active: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'overview';
  const select = (id: TabId) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true });

  const logout = async () => {
    await adminLogout();
    client.removeQueries({ queryKey: ['admin'] });
    navigate(paths.admin, { replace: true });
  };

  const badge = (id: TabId) => {
    if (!summary.data) return null;
    const n =
      id === 'deposits' ? summary.data.pendingDeposits : id === 'withdrawals' ? summary.data.pendingWithdrawals : 0;
    return n > 0 ? <span aria-label={`${n} pending`}>{n}</span> : null;
  };

  // ADMIN_REQUIRE_2FA: nothing else of the back office opens before the second factor is set up.
  if (security.data?.required && !security.data.enrolled) return <SecondFactorSetupPage onLogout={logout} />;

  return (
    <div className="admin-shell">
      <AdminTopbar onLogout={logout}>
        <LiveIndicator />
        {me.data && <span className="chip">Signed in as {me.data.admin.username}</span>}
      </AdminTopbar>
      <main className="admin-main">
        <h1 className="admin-title">Admin dashboard</h1>
        <SummaryCards />
        <Tabs
          tabs={TABS.map((t) => ({ ...t, badge: badge(t.id) }))}
          selected={active}
          onSelect={select}
          label="Dashboard sections"
          idPrefix="admin"
          narrow="wrap"
        />
        <TabPanel idPrefix="admin" id={active}>
          {active === 'overview' && <OverviewTab />}
          {active === 'deposits' && <DepositsTab />}
          {active === 'withdrawals' && <WithdrawalsTab />}
          {active === 'transactions' && <TransactionsTab />}
          {active === 'users' && <UsersTab />}
          {active === 'analytics' && <AnalyticsTab />}
          {active === 'events' && <EventsTab />}
          {active === 'audit' && <AuditTab />}
          {active === 'security' && <SecurityTab />}
          {active === 'treasury' && <TreasuryTab />}
        </TabPanel>
      </main>
    </div>
  );
}
