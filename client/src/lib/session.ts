import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@gogo/shared/api';
import { readJson, storageKeys, writeJson } from './storage';

/**
 * The signed-in player and the admin token, kept in localStorage and mirrored in
 * memory so that React re-renders when they change, in this tab or another.
 */
export interface SessionState {
  token: string | null;
  user: PublicUser | null;
  adminToken: string | null;
}

const listeners = new Set<() => void>();
let state: SessionState = load();

function load(): SessionState {
  return {
    token: localStorage.getItem(storageKeys.token),
    user: readJson<PublicUser>(storageKeys.user),
    adminToken: localStorage.getItem(storageKeys.adminToken),
  };
}

function emit() {
  for (const l of listeners) l();
}

function setItem(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, user: PublicUser) {
    setItem(storageKeys.token, token);
    writeJson(storageKeys.user, user);
    state = { ...state, token, user };
    emit();
  },
  updateUser(user: PublicUser) {
    writeJson(storageKeys.user, user);
    state = { ...state, user };
    emit();
  },
  signOut() {
    setItem(storageKeys.token, null);
    setItem(storageKeys.user, null);
    state = { ...state, token: null, user: null };
    emit();
  },
  setAdminToken(token: string | null) {
    setItem(storageKeys.adminToken, token);
    state = { ...state, adminToken: token };
    emit();
  },
  /** Signed in means a user object exists or a player token is stored. */
  isSignedIn: () => state.user !== null || state.token !== null,
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(storageKeys).includes(e.key as never)) {
      state = load();
      emit();
    }
  });
}

/**
 * What the prerendered pages were built with (client/src/prerender): nobody signed in. A visitor who
 * is signed out gets their own state object back, equal to it: React then has nothing to re-render
 * once the page has hydrated (it compares the two by identity).
 */
const signedOut: SessionState = { token: null, user: null, adminToken: null };
const serverSnapshot = () =>
  state.token === null && state.user === null && state.adminToken === null ? state : signedOut;

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, serverSnapshot);
}
