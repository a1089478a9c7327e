import { AdminTopbar } from './AdminTopbar';
import { SecurityTab } from './SecurityTab';

/**
 * ADMIN_REQUIRE_2FA and no second factor yet: the back office shows only the Security tab's setup
 * (the server refuses every other admin route with 403 SECOND_FACTOR_SETUP_REQUIRED meanwhile).
 */
export function SecondFactorSetupPage({ onLogout }: { onLogout: () => void }) {
  return (
    <div className="admin-shell">
      <AdminTopbar onLogout={onLogout} />
      <main className="admin-main">
        <h1 className="admin-title">Admin dashboard</h1>
        <SecurityTab />
      </main>
    </div>
  );
}
