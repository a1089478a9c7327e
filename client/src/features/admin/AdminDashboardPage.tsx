import { useRef, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../app/paths';
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
import { SecondFactorSetupPage } from './components/SecondFactorSetupPage';
import { useAdminSecurity } from './api/security';
import { LiveIndicator } from '../../components/LiveIndicator';
import './admin.css';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'deposits', label: 'Deposit Management' },
  { id: 'withdrawals', label: 'Withdrawal Management' },
  { id: 'transactions', label: 'All Transactions' },
  { id: 'users', label: 'Users' },
  { id: 'analytics', label: 'Analytics' },
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
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const active: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'overview';

  const select = (id: TabId) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true });

  const onTabKey = (e: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
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
    select(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  const logout = async () => {
    await adminLogout();
    client.removeQueries({ queryKey: ['admin'] });
    navigate(paths.admin, { replace: true });
  };

  const badge = (id: TabId) => {
    if (!summary.data) return null;
    const n =
      id === 'deposits' ? summary.data.pendingDeposits : id === 'withdrawals' ? summary.data.pendingWithdrawals : 0;
    return n > 0 ? (
      <span className="admin-tabs__badge" aria-label={`${n} pending`}>
        {n}
      </span>
    ) : null;
  };

  // ADMIN_REQUIRE_2FA: nothing else of the back office opens before the second factor is set up.
  if (security.data?.required && !security.data.enrolled) return <SecondFactorSetupPage onLogout={logout} />;

  return (
    <div className="admin-shell">
      <header className="admin-topbar">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            G
          </span>
          <span>
            GOGO Board <span className="admin-topbar__sub">back office</span>
          </span>
        </div>
        <div className="admin-topbar__actions">
          <LiveIndicator />
          {me.data && <span className="chip">Signed in as {me.data.admin.username}</span>}
          <button type="button" className="button button--ghost" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <main className="admin-main">
        <h1 className="admin-title">Admin dashboard</h1>
        <SummaryCards />
        <div className="admin-tabs" role="tablist" aria-label="Dashboard sections">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${t.id}`}
              aria-selected={active === t.id}
              aria-controls={`admin-panel-${t.id}`}
              tabIndex={active === t.id ? 0 : -1}
              className={`admin-tabs__tab${active === t.id ? ' is-active' : ''}`}
              onClick={() => select(t.id)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t.label}
              {badge(t.id)}
            </button>
          ))}
        </div>
        <section
          className="admin-panel"
          role="tabpanel"
          id={`admin-panel-${active}`}
          aria-labelledby={`admin-tab-${active}`}
          tabIndex={0}
        >
          {active === 'overview' && <OverviewTab />}
          {active === 'deposits' && <DepositsTab />}
          {active === 'withdrawals' && <WithdrawalsTab />}
          {active === 'transactions' && <TransactionsTab />}
          {active === 'users' && <UsersTab />}
          {active === 'analytics' && <AnalyticsTab />}
          {active === 'audit' && <AuditTab />}
          {active === 'security' && <SecurityTab />}
        </section>
      </main>
    </div>
  );
}
