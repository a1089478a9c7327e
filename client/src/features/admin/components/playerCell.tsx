import type { AdminTransaction } from '@gogo/shared/api';

export function playerLabel(t: AdminTransaction): string {
  return t.userMissing ? `Missing user #${t.userId.id}` : t.userId.username;
}

/** A name in a table cell with a second line under it (the player's email). */
export function NameCell({ name, sub }: { name: string; sub?: string | null }) {
  return (
    <>
      {name}
      {sub ? <span className="admin-sub">{sub}</span> : null}
    </>
  );
}

/** A request's player in a table cell: the name, and the email under it when the player exists. */
export function PlayerCell({ t }: { t: AdminTransaction }) {
  return <NameCell name={playerLabel(t)} sub={t.userMissing ? null : t.userId.email} />;
}
