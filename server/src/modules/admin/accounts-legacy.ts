import { eq, sql } from 'drizzle-orm';
import type { Database_ } from '../../db/client.js';
import { admins, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;

// last_seen is written at most once a minute per player: "online" needs minutes, not milliseconds.
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * The old synchronous account queries, kept ONLY for the admin service until its conversion to
 * write(tx) lands (the auth module now answers through modules/auth/accounts.ts). Delete at merge.
 */
export function createAccountsRepo(database: Database_) {
  const { db } = database;
  const authState = database.sqlite.prepare<[number], { tokenVersion: number }>(
    'SELECT token_version AS tokenVersion FROM users WHERE id = ?',
  );
  const adminAuthState = database.sqlite.prepare<[number], { tokenVersion: number }>(
    'SELECT token_version AS tokenVersion FROM admins WHERE id = ?',
  );
  const touch = database.sqlite.prepare<[number, number, number]>(
    'UPDATE users SET last_seen = ? WHERE id = ? AND (last_seen IS NULL OR last_seen < ?)',
  );

  return {
    findUserAuthState: (id: number) => authState.get(id),
    findAdminAuthState: (id: number) => adminAuthState.get(id),
    touchLastSeen(id: number, now: number) {
      touch.run(now, id, now - LAST_SEEN_RESOLUTION_MS);
    },
    findUserById: (id: number) => db.select().from(users).where(eq(users.id, id)).get(),
    findUserByEmail: (email: string) => db.select().from(users).where(eq(users.email, email)).get(),
    findUserByUsername: (username: string) =>
      db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .get(),
    insertUser: (row: typeof users.$inferInsert) => db.insert(users).values(row).returning().get(),
    updateUser: (id: number, patch: Partial<typeof users.$inferInsert>) =>
      db.update(users).set(patch).where(eq(users.id, id)).returning().get(),
    bumpUserTokenVersion: (id: number) =>
      db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id))
        .run(),
    findAdminByUsername: (username: string) =>
      db
        .select()
        .from(admins)
        .where(sql`lower(${admins.username}) = lower(${username})`)
        .get(),
    countAdmins: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(admins)
        .get()?.n ?? 0,
    insertAdmin: (row: typeof admins.$inferInsert) => db.insert(admins).values(row).returning().get(),
    updateAdmin: (id: number, patch: Partial<typeof admins.$inferInsert>) =>
      db.update(admins).set(patch).where(eq(admins.id, id)).run(),
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
