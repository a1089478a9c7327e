import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { realtime } from '../lib/realtime';
import { paths } from '../lib/paths';
import { applyRealtimeMessage } from '../lib/realtime/cache';

/**
 * The app shell's end of the realtime socket: one socket per tab, opened once signed in, with the
 * admin token on the back office's pages and the player token everywhere else; every push goes into
 * the react-query cache (lib/realtime/cache.ts). Renders nothing.
 */
export function RealtimeBridge() {
  const client = useQueryClient();
  const { token, adminToken } = useSession();
  const { pathname } = useLocation();
  const onAdminPages = pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
  const wanted = onAdminPages ? adminToken : token;

  useEffect(() => {
    realtime.onMessage((message) => applyRealtimeMessage(client, message));
  }, [client]);

  useEffect(() => {
    realtime.use(wanted);
  }, [wanted]);

  return null;
}
