import { describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { pushRepo } from '../src/modules/push/repo.js';
import { friendsRepo } from '../src/modules/social/friends-repo.js';
import { suiteDatabase, testEngines } from './test-databases.js';

/**
 * Two of the reads every roll sends with its lock (Tx.readEach): the player's friends (the friends
 * race tells those it overtakes) and whether the player has a push device (the "dice full" reminder).
 */
const NOW = Date.UTC(2026, 10, 29, 9);
const insertUser = sql<{ username: string; now: number }, { id: number }>(
  `INSERT INTO users (username, email, password_hash, created_at)
   VALUES (:username, :username || '@example.com', 'x', :now) RETURNING id`,
);
const insertFriendship = sql<{ low: number; high: number; now: number }>(
  'INSERT INTO friendships (user_low, user_high, created_at) VALUES (:low, :high, :now)',
);
const insertProfile = sql<{ userId: number; deactivatedAt: number | null; deletedAt: number | null; now: number }>(
  `INSERT INTO user_profiles (user_id, deactivated_at, deleted_at, updated_at)
   VALUES (:userId, :deactivatedAt, :deletedAt, :now)`,
);
const insertDevice = sql<{ userId: number; endpoint: string; now: number }>(
  `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at)
   VALUES (:userId, :endpoint, 'k', 'a', 'Chrome on Linux', :now)`,
);

describe.each(testEngines)('a roll’s friend and device reads on %s', (engine) => {
  const suite = suiteDatabase(engine);

  it('lists active friends on both sides of each pair, and tells whether a device is subscribed', async () => {
    const database = suite();
    const ids = await database.write(async (tx) => {
      const made: number[] = [];
      for (const name of ['ann', 'bob', 'cy', 'dee', 'eve', 'fay']) {
        made.push((await tx.get(insertUser, { username: `${name}${process.pid}`, now: NOW }))!.id);
      }
      return made;
    });
    const [low, ann, bob, dee, eve, fay] = ids as [number, number, number, number, number, number];
    // `ann` is the high side of one pair and the low side of the others.
    await database.write(async (tx) => {
      await tx.run(insertFriendship, { low, high: ann, now: NOW });
      for (const friend of [bob, dee, eve, fay]) await tx.run(insertFriendship, { low: ann, high: friend, now: NOW });
      await tx.run(insertProfile, { userId: dee, deactivatedAt: NOW, deletedAt: null, now: NOW });
      await tx.run(insertProfile, { userId: eve, deactivatedAt: null, deletedAt: NOW, now: NOW });
      await tx.run(insertProfile, { userId: fay, deactivatedAt: null, deletedAt: null, now: NOW });
      await tx.run(insertDevice, { userId: bob, endpoint: `https://push.example/${bob}`, now: NOW });
    });

    const [friends, annHasDevice, bobHasDevice] = await database.write((tx) =>
      tx.readEach([friendsRepo.friendIdsRead(ann), pushRepo.hasDeviceRead(ann), pushRepo.hasDeviceRead(bob)] as const),
    );
    expect([...friends].sort((a, b) => a - b)).toEqual([low, bob, fay]);
    expect([annHasDevice, bobHasDevice]).toEqual([false, true]);
  });
});
