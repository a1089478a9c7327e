import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@gogo/shared/api';
import { liveResult } from './liveResult';

const pending: SearchResult = {
  id: 7,
  username: 'lucky',
  avatarUrl: null,
  level: 3,
  isFriend: false,
  friendRequest: { id: 41, direction: 'outgoing' },
} as SearchResult;

describe('a search result follows the live friend list and requests', () => {
  it('says Friends once the other player accepted (no more "Cancel request")', () => {
    expect(liveResult(pending, new Set([7]), new Set())).toMatchObject({ isFriend: true, friendRequest: null });
  });
  it('drops a request that is no longer pending (declined or cancelled elsewhere)', () => {
    expect(liveResult(pending, new Set(), new Set([99]))).toMatchObject({ isFriend: false, friendRequest: null });
  });
  it('keeps the snapshot while the lists are loading, and a request still pending', () => {
    expect(liveResult(pending, null, null)).toBe(pending);
    expect(liveResult(pending, new Set(), new Set([41]))).toBe(pending);
  });
});
