import { useCallback, useEffect, useRef } from 'react';
import { settingsStore, useSettings } from '../../lib/settings';
import { useSetTourWanted, useTourWanted } from './api/tour';

/**
 * The first session's quick tour. It shows while both this device's "Show tutorial" and the
 * account's are on (the account's is what makes it once per player, not once per browser), never
 * over a sheet or a card, and it ends on the first property bought (or Skip). While it shows, and
 * while the account is being asked, toasts wait (`holding`).
 */
export function useTour(options: {
  userId: number | null;
  sceneReady: boolean;
  modalOpen: boolean;
  ownsProperty: boolean;
}) {
  const { userId, sceneReady, modalOpen, ownsProperty } = options;
  const local = useSettings().gameplay.showTutorial;
  const wanted = useTourWanted(local ? userId : null);
  const { mutate: setWanted } = useSetTourWanted(userId);
  const active = local && userId !== null && wanted.data === true;
  const asking = local && userId !== null && wanted.isPending;

  const end = useCallback(() => {
    settingsStore.update((s) => ({ ...s, gameplay: { ...s.gameplay, showTutorial: false } }));
    setWanted(false);
  }, [setWanted]);

  // Buying the first property is the tour's goal: reached, the tour is done.
  useEffect(() => {
    if (active && ownsProperty) end();
  }, [active, ownsProperty, end]);

  // "Show tutorial" turned back on in Settings asks the account for the tour again.
  const before = useRef(local);
  useEffect(() => {
    if (local && !before.current) setWanted(true);
    before.current = local;
  }, [local, setWanted]);

  // Mounted while active (its step is kept), drawn only when nothing covers the screen.
  return { mounted: active && sceneReady, hidden: modalOpen, holding: asking || active, end };
}
