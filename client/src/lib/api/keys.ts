import type { Endpoint, EndpointParams, EndpointQuery } from '@gogo/shared/api/endpoint';

/** What identifies one read besides its entry: the path parameters and the query it sends. */
export interface KeyArgs<E extends Endpoint> {
  params?: Partial<NonNullable<EndpointParams<E>>>;
  query?: Partial<NonNullable<EndpointQuery<E>>>;
}

export type QueryKey = readonly [group: string, path: string, ...rest: object[]];

/**
 * The one query-key factory: every query's key is [group, path, params?, query?], the group being the
 * first segment of the entry's path after /api ('game-state', 'credits', 'admin', ...). react-query matches
 * keys by prefix (and objects partially), so the key of an entry without params or query names all of
 * its reads (every friend list), and `queryKeys.group` every read of a group (the whole back office).
 */
export const queryKeys = {
  of<E extends Endpoint>(entry: E, args: KeyArgs<E> = {}): QueryKey {
    const rest: object[] = [];
    if (args.params !== undefined) rest.push(args.params);
    if (args.query !== undefined) rest.push(args.query);
    return [groupOf(entry), entry.path, ...rest];
  },
  group(group: string): readonly [string] {
    return [group];
  },
};

/** The resource an entry belongs to: its path's first segment after /api ('/api/game-state/state': 'game-state'). */
export function groupOf(entry: Endpoint): string {
  return entry.path.split('/')[2] ?? '';
}
