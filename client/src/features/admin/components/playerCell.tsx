import type { AdminTransaction } from '@gogo/shared/api';

export function playerLabel(t: AdminTransaction): string {
  return t.userMissing ? `Missing user #${t.userId.id}` : t.userId.username;
}

/** A request's player in a table cell: the name, and the email under it when the player exists. */
export function PlayerCell({ t }: { t: AdminTransaction }) {
  return (
    <>
      {playerLabel(t)}
      {!t.userMissing && <span className="admin-sub">{t.userId.email}</span>}
    </>
  );
}
