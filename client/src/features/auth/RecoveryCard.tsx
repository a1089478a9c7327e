import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { recoveryText } from '@gogo/shared/messages';
import { paths } from '../../lib/paths';
import { useAuthModal } from '../../session/AuthModalProvider';
import './recovery.css';

/** The page of a mailed link (verify email, reset password): one centred card under its title. */
export function RecoveryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="centered-page recovery-page">
      <div className="recovery-card">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Where to go once the link has done its work: play (signed in) or sign in, and back home. */
export function RecoveryActions({ signedIn = false }: { signedIn?: boolean }) {
  const modal = useAuthModal();
  return (
    <div className="button-row">
      {signedIn ? (
        <Link className="button button--primary" to={paths.game}>
          {recoveryText.verifyPlay}
        </Link>
      ) : (
        <button type="button" className="button button--primary" onClick={() => modal.open('login')}>
          {recoveryText.resetSignIn}
        </button>
      )}
      <Link className="button button--ghost" to={paths.home}>
        Back to home
      </Link>
    </div>
  );
}
