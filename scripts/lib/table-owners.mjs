/**
 * Who owns what in the database. Every table has one owning module: the only one whose SQL writes it.
 * A column listed under `columns` is written only by its owner, even where the table belongs to
 * another module, and that owner may write the table through those columns alone. Any other part of
 * the server that names a table it does not own (in SQL, as a Drizzle table or as a row type) must
 * declare the read under `reads`, with the reason: a read model across owners (leaderboards, admin
 * lists, the data export) or a floor rule (the owner sits above the reader). Everything else asks the
 * owner through the functions its face exports. The descriptions stay in server/src/db/schema; the
 * owner is named here (docs/adr/0970-every-table-has-one-owner.md).
 * @typedef {{ tables: string[], why: string }} DeclaredRead
 * @typedef {{ tables: Record<string, string>, columns: Record<string, string>, reads: Record<string, DeclaredRead[]> }} Owners
 * @type {Owners}
 */
export const OWNERS = {
  tables: {
    users: 'modules/auth',
    admins: 'modules/auth',
    account_addresses: 'modules/auth',
    cluster_settings: 'modules/auth',
    admin_audit_log: 'modules/admin',
    admin_recovery_codes: 'modules/admin-security',
    player_boards: 'modules/board',
    property_upgrades: 'modules/board',
    chain_addresses: 'modules/chain',
    chain_cursors: 'modules/chain',
    chain_blocks: 'modules/chain',
    chain_deposits: 'modules/chain',
    wallet_links: 'modules/wallet',
    wallet_nonces: 'modules/wallet',
    fairness_seeds: 'modules/fairness',
    rolls: 'modules/game',
    achievement_unlocks: 'modules/game',
    game_states: 'modules/ledger',
    ledger_entries: 'modules/ledger',
    daily_dice_claims: 'modules/daily',
    daily_logins: 'modules/daily',
    streaks: 'modules/daily',
    play_sessions: 'modules/sessions',
    stats_cache: 'modules/stats',
    live_events: 'modules/events',
    event_entries: 'modules/events',
    event_prizes: 'modules/events',
    challenge_claims: 'modules/challenges',
    challenge_streaks: 'modules/challenges',
    race_scores: 'modules/challenges',
    race_weeks: 'modules/challenges',
    race_prizes: 'modules/challenges',
    race_fields: 'modules/challenges',
    money_transactions: 'modules/credits',
    idempotency_keys: 'modules/credits',
    referrals: 'modules/referrals',
    price_cache: 'modules/prices',
    push_subscriptions: 'modules/push',
    push_preferences: 'modules/push',
    push_notifications: 'modules/push',
    push_sent_days: 'modules/push',
    push_vapid_keys: 'modules/push',
    email_tokens: 'modules/recovery',
    mail_outbox: 'modules/mail',
    user_profiles: 'modules/access',
    friend_requests: 'modules/social',
    friendships: 'modules/social',
    throttle_counters: 'modules/throttle',
  },
  columns: {
    'users.password_hash': 'modules/auth',
    'users.password_changed_at': 'modules/auth',
    // The payout address's cooling period is a withdrawal rule's own clock.
    'users.payout_address_changed_at': 'modules/withdrawal-rules',
  },
  reads: {
    cli: [
      {
        tables: ['fairness_seeds', 'game_states', 'ledger_entries', 'rolls', 'users'],
        why: 'the ledger bench measures the tables themselves',
      },
    ],
    core: [
      {
        tables: ['user_profiles'],
        why: 'the privacy predicates as SQL, embedded by every read model that lists players',
      },
    ],
    'modules/account': [
      {
        tables: ['fairness_seeds', 'game_states', 'money_transactions', 'referrals', 'rolls', 'users'],
        why: 'the data export: one document of everything held about the player',
      },
    ],
    'modules/admin': [
      {
        tables: [
          'admins',
          'game_states',
          'ledger_entries',
          'money_transactions',
          'property_upgrades',
          'rolls',
          'users',
        ],
        why: 'the back office: player lists, money reports and the treasury, read models across players',
      },
    ],
    'modules/chain': [{ tables: ['users'], why: "the deposit sightings list shows each player's name" }],
    'modules/challenges': [
      {
        tables: ['friendships'],
        why: "one INSERT ... SELECT freezes a race field from the friendships, race-safe in the roll's transaction",
      },
    ],
    'modules/credits': [
      {
        tables: ['ledger_entries'],
        why: 'the money history: one page over requests and ledger rows, paged in SQL',
      },
    ],
    'modules/events': [{ tables: ['users'], why: "an event's standings show the players' names" }],
    'modules/fairness': [
      { tables: ['rolls'], why: 'the verifier joins rolls to their seeds; fairness sits below game, which calls it' },
      {
        tables: ['game_states'],
        why: "the active seed's nonce is counted from the player's rolls served, which the roll's state update writes",
      },
    ],
    'modules/game': [
      {
        tables: ['game_states', 'users'],
        why: "the roll's first statement: the locked state row and the token check in one round trip",
      },
    ],
    'modules/profile': [
      {
        tables: [
          'achievement_unlocks',
          'daily_dice_claims',
          'daily_logins',
          'friendships',
          'ledger_entries',
          'rolls',
          'users',
        ],
        why: "the activity history and analytics: one union over the player's records, paged in SQL",
      },
    ],
    'modules/realtime': [
      { tables: ['achievement_unlocks', 'users'], why: "the live feed of unlocks shows the players' names" },
    ],
    'modules/referrals': [
      {
        tables: ['game_states', 'ledger_entries', 'user_profiles', 'users'],
        why: 'the referral list: referred players with names, levels and rewards',
      },
    ],
    'modules/risk': [
      {
        tables: ['account_addresses', 'ledger_entries', 'money_transactions', 'referrals', 'users'],
        why: "risk scores: a read model over a player's money, addresses and referrals",
      },
    ],
    'modules/sessions': [
      {
        tables: ['game_states', 'rolls', 'users'],
        why: 'the session list sums the rolls inside each session in one query',
      },
    ],
    'modules/social': [
      {
        tables: ['game_states', 'user_profiles', 'users'],
        why: 'search, who is online and the friends list: lists across players',
      },
    ],
    'modules/stats': [
      {
        tables: [
          'achievement_unlocks',
          'daily_logins',
          'game_states',
          'ledger_entries',
          'rolls',
          'user_profiles',
          'users',
        ],
        why: 'the leaderboards and public figures: read models across players',
      },
    ],
    'modules/withdrawal-rules': [
      {
        tables: ['ledger_entries', 'money_transactions'],
        why: 'the withdrawal rules sit below credits, which calls them inside its transaction',
      },
    ],
  },
};
