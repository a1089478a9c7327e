import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { AuthModal, type AuthMode } from './AuthModal';

// Loaded when a player asks for it: every page carries the auth modal (the landing's JavaScript
// budget is tight), few players need the reset request.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const LoginLinkDialog = lazy(() => import('./LoginLinkDialog').then((m) => ({ default: m.LoginLinkDialog })));

interface AuthModalApi {
  open: (mode: AuthMode) => void;
  close: () => void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

/** One auth modal for the whole app; any screen opens it in login or register mode. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthMode; forgot?: boolean; link?: boolean }>({
    open: false,
    mode: 'register',
  });
  const open = useCallback((mode: AuthMode) => setState({ open: true, mode }), []);
  // Closing returns the modal to register mode, its default.
  const close = useCallback(() => setState({ open: false, mode: 'register' }), []);
  const value = useMemo(() => ({ open, close }), [open, close]);
  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {state.open && state.forgot && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog onClose={close} onBack={() => open('login')} />
        </Suspense>
      )}
      {state.open && state.link && (
        <Suspense fallback={null}>
          <LoginLinkDialog onClose={close} onBack={() => open('login')} />
        </Suspense>
      )}
      {state.open && !state.forgot && !state.link && (
        <AuthModal
          initialMode={state.mode}
          onClose={close}
          onModeChange={(mode) => setState((s) => ({ ...s, mode }))}
          onForgotPassword={() => setState({ open: true, mode: 'login', forgot: true })}
          onLoginLink={() => setState({ open: true, mode: 'login', link: true })}
        />
      )}
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalApi {
  const ctx = useContext(AuthModalContext);
  if (!ctx) throw new Error('useAuthModal needs <AuthModalProvider>');
  return ctx;
}
