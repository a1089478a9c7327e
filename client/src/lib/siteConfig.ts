import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@gogo/shared/api';
import * as publicSite from '@gogo/shared/api/endpoints/public';
import { call } from './api/call';
import { queryKeys } from './api/keys';
import { useHydrated } from './hydration';

/**
 * The server writes the public settings into the page (<meta name="gogo-public-config">), so the
 * launch countdown and the support address render at once. Without it (the Vite dev server) they
 * are fetched.
 */
function configFromPage(): PublicConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const raw = document.querySelector('meta[name="gogo-public-config"]')?.getAttribute('content');
  if (!raw) return undefined;
  try {
    const c = JSON.parse(raw) as Partial<PublicConfig>;
    const ok =
      typeof c.launchAt === 'string' &&
      typeof c.launchPriceUsd === 'number' &&
      typeof c.currentPriceUsd === 'number' &&
      typeof c.redemptionPriceUsd === 'number' &&
      typeof c.supportEmail === 'string' &&
      typeof c.publicUrl === 'string';
    return ok ? (c as PublicConfig) : undefined;
  } catch {
    return undefined;
  }
}

const fromPage = configFromPage();

/**
 * The public site settings (token launch date and price, current price, support address) from
 * GET /api/public/config. They change only when the server restarts: cached for the session.
 */
export const publicConfigQuery = {
  queryKey: queryKeys.of(publicSite.publicConfig),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(publicSite.publicConfig, { signal }),
  staleTime: 10 * 60_000,
  initialData: fromPage,
};

/** The public settings; while a prerendered page hydrates, none yet (the build did not know them). */
export function usePublicConfig() {
  const hydrated = useHydrated();
  const query = useQuery(publicConfigQuery);
  return hydrated ? query : { ...query, data: undefined };
}
