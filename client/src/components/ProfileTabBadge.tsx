import { useProfileAttention } from '../lib/attention';

/**
 * The count on the signed-in tab bar's Profile tab (friend requests, prizes, rewards waiting). A chunk
 * of its own: the reads it needs stay out of the landing's JavaScript, and only a signed-in page loads it.
 */
export default function ProfileTabBadge({ userId }: { userId: number }) {
  const { total } = useProfileAttention(userId);
  if (total === 0) return null;
  return (
    <span className="tab-badge" data-testid="profile-badge">
      <span aria-hidden="true">{total > 9 ? '9+' : total}</span>
      <span className="visually-hidden">{` (${total} waiting)`}</span>
    </span>
  );
}
