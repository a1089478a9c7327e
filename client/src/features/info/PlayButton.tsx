import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useAuthModal } from '../../session/AuthModalProvider';

/** Goes to /game when signed in; otherwise opens the auth modal (login, or register for a first visit). */
export function PlayButton({
  className,
  label,
  mode = 'login',
}: {
  className: string;
  label: string;
  mode?: 'login' | 'register';
}) {
  const { user, token } = useSession();
  const authModal = useAuthModal();
  if (user !== null || token !== null) {
    return (
      <Link className={className} to={paths.game}>
        {label}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => authModal.open(mode)}>
      {label}
    </button>
  );
}
