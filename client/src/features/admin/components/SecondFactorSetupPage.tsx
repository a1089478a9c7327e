import { SecurityTab } from './SecurityTab';

/**
 * ADMIN_REQUIRE_2FA and no second factor yet: the back office shows only the Security tab's setup
 * (the server refuses every other admin route with 403 SECOND_FACTOR_SETUP_REQUIRED meanwhile).
 */
export function SecondFactorSetupPage({ onLogout }: { onLogout: () => void }) {
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
          <button type="button" className="button button--ghost" onClick={onLogout}>
            Logout
          </button>
        </div>
      </header>
      <main className="admin-main">
        <h1 className="admin-title">Admin dashboard</h1>
        <SecurityTab />
      </main>
    </div>
  );
}
