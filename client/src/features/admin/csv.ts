import type { AdminTransaction } from '@gogo/shared/api';

/** One CSV field (RFC 4180): quoted when needed, inner quotes doubled; formula-leading text defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  // A cell starting with = + - @ (or a tab or CR) can run as a formula in a spreadsheet (CSV injection).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const TRANSACTION_CSV_HEADER = [
  'id',
  'createdAt',
  'userId',
  'username',
  'email',
  'type',
  'status',
  'amount',
  'currency',
  'description',
  'cryptoType',
  'cryptoAddress',
  'transactionHash',
  'reference',
  'note',
  'diceRollsCredited',
  'gogoCredited',
  'adminNote',
  'reason',
  'reviewedBy',
  'reviewedAt',
] as const;

export function transactionsCsv(rows: readonly AdminTransaction[]): string {
  return toCsv(
    TRANSACTION_CSV_HEADER,
    rows.map((t) => [
      t._id,
      t.createdAt,
      t.userId.id,
      t.userId.username,
      t.userId.email,
      t.type,
      t.status,
      t.amount,
      t.currency,
      t.description,
      t.metadata.cryptoType,
      t.metadata.cryptoAddress,
      t.metadata.transactionHash,
      t.metadata.reference,
      t.metadata.note,
      t.diceRollsCredited,
      t.gogoCredited,
      t.metadata.adminNote,
      t.metadata.reason,
      t.reviewedBy?.username ?? null,
      t.reviewedAt,
    ]),
  );
}

/** Saves text as a file through a temporary object URL (no server round trip, CSP-safe). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
