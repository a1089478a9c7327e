import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/BrandMark';

/** The back office's sticky top bar: the brand, then what the page adds, then Logout. */
export function AdminTopbar({ onLogout, children }: { onLogout: () => void; children?: ReactNode }) {
  return (
    <header className="topbar admin-topbar">
      <div className="brand">
        <BrandMark />
        <span>
          GOGO Board <span className="admin-topbar__sub">back office</span>
        </span>
      </div>
      <div className="admin-topbar__actions">
        {children}
        <button type="button" className="button button--ghost" onClick={onLogout}>
          Logout
        </button>
      </div>
    </header>
  );
}
