import { describe, expect, it } from 'vitest';
import { moneyText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { type TestContext } from './helpers.js';
import { type AdminSession, adminTestApp, type Recorder } from './admin-helpers.js';
import { insertOrphanDeposit } from './money-helpers.js';
import { moneyFixtures, moneyRequests, type MoneyAuditRow } from './money-fixtures.js';

// The audit trail of the admin's money actions (a row in the action's own transaction) and the
// cleanup of deposits whose player no longer exists.

let ctx: TestContext;
let admin: AdminSession;
let http: Recorder;
adminTestApp((env) => ({ ctx, admin, http } = env));

const { player, cached, audits } = moneyFixtures(() => ctx);
const { requestDeposit } = moneyRequests(() => http);

const sweepsOf = sql<Record<string, never>, { after: string }>(
  "SELECT after FROM admin_audit_log WHERE action = 'cleanup_corrupted_deposits' ORDER BY id",
);
const grantAudit = sql<{ userId: number }, MoneyAuditRow>(
  `SELECT admin_id, target_user_id, before, after FROM admin_audit_log
   WHERE action = 'grant_credits' AND target_user_id = :userId`,
);
const statusOf = sql<{ id: number }, { status: string }>('SELECT status FROM money_transactions WHERE id = :id');

// A broken audit log: every insert into it fails (SQLite trigger; PostgreSQL trigger function).
const auditDownFunction = sql({
  sqlite: 'SELECT 1',
  postgres: `CREATE FUNCTION audit_down() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`,
});
const auditDownTrigger = sql({
  sqlite: "CREATE TRIGGER audit_down BEFORE INSERT ON admin_audit_log BEGIN SELECT RAISE(ABORT, 'audit down'); END",
  postgres: 'CREATE TRIGGER audit_down BEFORE INSERT ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION audit_down()',
});
const dropAuditDown = sql({
  sqlite: 'DROP TRIGGER audit_down',
  postgres: 'DROP TRIGGER audit_down ON admin_audit_log',
});

describe('POST /api/admin/cleanup-corrupted-deposits', () => {
  it('fails pending deposits whose player no longer exists, and only those', async () => {
    const p = await player();
    const healthy = await requestDeposit(p.token);
    // A row whose player is gone (an import or a hand edit with foreign keys off).
    const orphan = await insertOrphanDeposit(ctx, 987654);

    const queue = (await http.get('/api/admin/pending-deposits?limit=200', admin.token)).json().data.pendingDeposits;
    expect(queue.find((d: { _id: string }) => d._id === String(orphan))).toMatchObject({
      userMissing: true,
      userId: { id: 987654, username: '', email: '' },
      player: null,
    });
    const approve = await http.post('/api/admin/approve-deposit', admin.token, {
      transactionId: orphan,
      diceRollsCount: 10,
    });
    expect(approve.statusCode).toBe(404);
    expect(approve.json().error.message).toBe(moneyText.corruptedDeposit);

    const res = await http.post('/api/admin/cleanup-corrupted-deposits', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cleaned: 1, transactionIds: [orphan] });
    const status = async (id: number) => (await ctx.database.read.get(statusOf, { id }))!.status;
    expect(await status(orphan)).toBe('failed');
    expect(await status(healthy)).toBe('pending');
    expect(await audits('fail_corrupted_deposit', orphan)).toHaveLength(1);

    const again = await http.post('/api/admin/cleanup-corrupted-deposits', admin.token);
    expect(again.json().data).toEqual({ cleaned: 0, transactionIds: [] });
    const sweeps = await ctx.database.read.all(sweepsOf, {});
    expect(sweeps.map((s) => JSON.parse(s.after).cleaned)).toEqual([1, 0]);
  });
});

describe('the admin grant of the money module', () => {
  it('writes an audit row in its transaction', async () => {
    const p = await player(5);
    const res = await http.post('/api/credits/grant', admin.token, {
      userId: p.user.id,
      amount: 100,
      note: 'goodwill',
    });
    expect(res.statusCode).toBe(200);
    const row = (await ctx.database.read.get(grantAudit, { userId: p.user.id }))!;
    expect(row.admin_id).toBe(admin.id);
    expect(JSON.parse(row.before)).toEqual({ balance: 5 });
    expect(JSON.parse(row.after)).toEqual({ balance: 105, amount: 100, note: 'goodwill' });
  });
});

describe('the audit row and its action share one transaction', () => {
  it('when the audit row cannot be written, the review does not happen either', async () => {
    const p = await player();
    const id = await requestDeposit(p.token);
    await ctx.database.write(async (tx) => {
      await tx.run(auditDownFunction, {});
      await tx.run(auditDownTrigger, {});
    });
    try {
      const res = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, diceRollsCount: 50 });
      expect(res.statusCode).toBe(500);
      const reset = await http.post('/api/admin/reset-user-password', admin.token, {
        userId: p.user.id,
        newPassword: 'another1',
      });
      expect(reset.statusCode).toBe(500);
    } finally {
      await ctx.database.write((tx) => tx.run(dropAuditDown, {}));
    }
    expect(await cached(p.user.id)).toEqual({ balance: 0, dice: 10 });
    expect((await ctx.database.read.get(statusOf, { id }))!.status).toBe('pending');
    expect((await http.get('/api/auth/me', p.token)).statusCode).toBe(200); // the password reset rolled back too
    const retry = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, diceRollsCount: 50 });
    expect(retry.statusCode).toBe(200);
    expect((await cached(p.user.id)).dice).toBe(60);
  });
});
