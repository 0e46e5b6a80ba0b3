import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AlertData, AlertKind, WebhookDeliveryState } from '@agler/contract/alerts';
import type { PlanOverage, PlanPeriod, PlanVisibility, SubscriptionStatus } from '@agler/contract/plans';
import type { QuotaRequestKind, QuotaRequestStatus } from '@agler/contract/quotaRequests';
import type { UpstreamCredentialHint } from '@agler/contract/interfaceUpstream';

/**
 * The one schema of both drivers (PGlite and node-postgres). Changing it
 * means `npm run db:generate`, which writes the next migration in
 * server/db/migrations; every start applies what is missing.
 */

/**
 * A 64-bit id, handled as its decimal text in the code. The drivers read
 * bigint differently (node-postgres as text, PGlite as BigInt); this type
 * makes both answer the same text.
 */
const id64 = customType<{ data: string; driverData: string | bigint | number }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
  toDriver: (value) => value,
});

/** Times to the second: the contract writes `yyyy-MM-dd HH:mm:ss` and orders by that text, ties by id. */
const seconds = (name: string) => timestamp(name, { withTimezone: true, precision: 0, mode: 'date' });

/** New ids continue after the demo data's ids (contract/demo/accounts.ts), in the same 64-bit range. */
export const userIdSeq = pgSequence('app_user_id_seq', { startWith: '1790000000000001001' });
export const interfaceIdSeq = pgSequence('interface_info_id_seq', { startWith: '1800000000000100001' });

export const users = pgTable(
  'app_user',
  {
    id: id64('id')
      .primaryKey()
      .default(sql`nextval('app_user_id_seq')`),
    userAccount: text('user_account').notNull().unique(),
    /** `scrypt$N$r$p$salt$hash`, never answered. */
    userPassword: text('user_password').notNull(),
    userName: text('user_name').notNull().default(''),
    userAvatar: text('user_avatar').notNull().default(''),
    userRole: text('user_role').notNull().default('user'),
    createTime: seconds('create_time').notNull(),
    updateTime: seconds('update_time').notNull(),
    /**
     * 0, except for accounts registered before names were unique regardless of
     * case: the later ones of names that differ only in case count 1, 2, ...
     */
    caseTwin: smallint('case_twin').notNull().default(0),
  },
  // Unique regardless of case, while pairs from before keep working: every new account (case_twin 0)
  // conflicts with the first of its spellings. The lower-cased name also finds an account at login.
  (t) => [uniqueIndex('app_user_account_lower_idx').on(sql`lower(${t.userAccount})`, t.caseTwin)],
);

export const sessions = pgTable(
  'session',
  {
    /** SHA-256 of the cookie's token: the table alone opens no session. */
    id: text('id').primaryKey(),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('session_last_seen_idx').on(t.lastSeen), index('session_user_idx').on(t.userId)],
);

/**
 * The login throttle's attempts per account name (whether the account exists
 * or not), counted before the password is checked; a right password removes the row.
 */
export const loginAttempts = pgTable('login_attempt', {
  userAccount: text('user_account').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

export const interfaces = pgTable(
  'interface_info',
  {
    id: id64('id')
      .primaryKey()
      .default(sql`nextval('interface_info_id_seq')`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    method: text('method').notNull(),
    requestParams: text('request_params').notNull().default(''),
    requestHeader: text('request_header').notNull().default(''),
    responseHeader: text('response_header').notNull().default(''),
    status: smallint('status').notNull().default(0),
    userId: id64('user_id').notNull(),
    createTime: seconds('create_time').notNull(),
    updateTime: seconds('update_time').notNull(),
    /**
     * Lower-cased copies for the case-insensitive search, made by the same
     * JavaScript toLowerCase as the mocks (PostgreSQL's lower() follows the
     * database's locale, which can leave non-ASCII letters alone).
     */
    nameLower: text('name_lower').notNull(),
    descriptionLower: text('description_lower').notNull(),
    urlLower: text('url_lower').notNull(),
    /** Position of the name in Chinese (pinyin) order; see domain/nameOrder.ts. */
    nameRank: doublePrecision('name_rank').notNull().default(0),
    /**
     * When it was deleted; null while it lives. A deleted interface keeps its
     * row so the analysis can still name its calls, and is out of every list
     * and lookup (LIVE_INTERFACE in domain/interfaceInfo.ts).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /**
     * The import that is writing it, while it does: such a row is written in chunks with deleted_at
     * set (out of every list and lookup) and made live with the others in one short statement
     * (domain/openapi/import.ts). Null for every published row.
     */
    importStage: text('import_stage'),
    /** Calls per second per caller; 0: no rate limit (contract/rateLimit.ts). */
    rateLimit: integer('rate_limit').notNull().default(0),
    /** Calls a caller may make at once before the rate applies; at least rateLimit. */
    rateBurst: integer('rate_burst').notNull().default(0),
    /** Announced for retirement (contract/lifecycle.ts); its calls carry Deprecation, Sunset and Link. */
    deprecated: boolean('deprecated').notNull().default(false),
    /** When it was marked deprecated: the date of the Deprecation header. */
    deprecatedAt: seconds('deprecated_at'),
    /** The day from which calls answer 410 Gone (`yyyy-MM-dd`, the server's local midnight). */
    sunsetDate: date('sunset_date', { mode: 'string' }),
    /** The interface that replaces it, named in its Link header and its 410. */
    replacementId: id64('replacement_id'),
  },
  // The catalogue's orders read live rows only: partial indexes stay the size of the live catalogue and
  // match its `deleted_at IS NULL` (the condition has to be written the same way in the query).
  (t) => [
    index('interface_create_time_idx').on(t.createTime, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('interface_update_time_idx').on(t.updateTime, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('interface_name_rank_idx').on(t.nameRank, t.id).where(sql`${t.deletedAt} IS NULL`),
    index('interface_import_stage_idx').on(t.importStage).where(sql`${t.importStage} IS NOT NULL`),
  ],
);

/**
 * Every call that reached an interface. No foreign key: the log is history.
 * Deleting an interface marks its row (deleted_at) and the analysis keeps its
 * calls under its name; calls of interfaces removed before soft deletion
 * (no row at all) are left out of the analysis.
 */
export const calls = pgTable(
  'interface_call',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    interfaceInfoId: id64('interface_info_id').notNull(),
    userId: id64('user_id').notNull(),
    time: timestamp('time', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
    success: boolean('success').notNull(),
    /** milliseconds */
    latency: integer('latency').notNull(),
    /** The upstream's HTTP status; null when it never answered (time-out, no answer). */
    status: smallint('status'),
    /** Bytes of the answer's body. */
    bytes: integer('bytes').notNull().default(0),
    /**
     * The parameter text the console sent, for the caller's history; null for
     * gateway calls and for texts over HISTORY_PARAMS_MAX_BYTES (contract/invoke.ts).
     */
    params: text('params'),
    /** Whether the parameters were too long to keep (so a null `params` is not a gateway call). */
    paramsTruncated: boolean('params_truncated').notNull().default(false),
    /** The access key's id of a gateway call; null for the console's calls. */
    keyId: id64('key_id'),
    /** How many times the call was sent: more than 1 when a refused connection or a 502/503/504 was retried. */
    tries: smallint('tries').notNull().default(1),
  },
  (t) => [
    index('interface_call_time_idx').on(t.time),
    index('interface_call_interface_time_idx').on(t.interfaceInfoId, t.time),
    // A user's own calls per interface (个人中心, quotas), and the newest of them for the try-it's
    // history: read backwards, the index is `time DESC` as a plain ORDER BY writes it (drizzle's
    // desc() index would be NULLS LAST, which that ORDER BY cannot use).
    index('interface_call_user_interface_time_idx').on(t.userId, t.interfaceInfoId, t.time),
    // A user's own log across interfaces, newest first (我的用量: calls per day, the last calls).
    index('interface_call_user_time_idx').on(t.userId, t.time),
  ],
);

/**
 * How the platform calls one interface's server (server/domain/upstream.ts): the credentials it adds to
 * every call, sealed (server/keys/secretBox.ts, bound to `interface:<id>`) and shown back only as their
 * names and last 4 characters; the secret that signs every forwarded call, and the one before its last
 * rotation while its grace lasts; the call's timeout, retries and most connections at once. A row is made
 * with the interface's first secret; an interface without one has the defaults.
 */
export const interfaceUpstream = pgTable('interface_upstream', {
  interfaceInfoId: id64('interface_info_id').primaryKey(),
  /** JSON `{headers: [{name, value}], query: [{name, value}]}`, sealed; null: none. */
  credentialsSealed: text('credentials_sealed'),
  /** What is shown of them: `[{in: 'header' | 'query', name, last4}]`. */
  credentialHints: jsonb('credential_hints').$type<UpstreamCredentialHint[]>().notNull().default([]),
  secretSealed: text('secret_sealed').notNull(),
  previousSealed: text('previous_sealed'),
  previousUntil: timestamp('previous_until', { withTimezone: true, mode: 'date' }),
  /** When the current secret was made (it is shown once, then). */
  secretTime: seconds('secret_time').notNull(),
  /** null: INVOKE_TIMEOUT_MS. */
  timeoutMs: integer('timeout_ms'),
  retries: smallint('retries').notNull().default(0),
  /** null: UPSTREAM_CONNECTIONS. */
  maxConnections: integer('max_connections'),
  updateTime: seconds('update_time').notNull(),
});

/**
 * The call log rolled up for the analysis (server/domain/rollup.ts): every
 * call before the hour in app_meta `call_rollup_until` is counted in the UTC
 * hour that holds it and in the blocks of 1, 2, 4, … 256 UTC days that hold
 * it (a block of `span` hours starts at a multiple of `span` hours since
 * 1970-01-01 UTC), so any run of whole hours is its first and last hours and a
 * few blocks. Each row keeps its latency distribution: the distinct latency
 * buckets (contract/analysis.ts latencyBucket) ascending, and how many calls
 * are below each, so a rank is a binary search. Later calls are read from the
 * log itself.
 */
const block = {
  /** Hours in the block: 1, then 24 × 1, 2, 4, … 256. */
  span: integer('span').notNull(),
  /** The block's first hour, in hours since 1970-01-01 UTC. */
  start: integer('start').notNull(),
};
const figures = {
  calls: bigint('calls', { mode: 'number' }).notNull(),
  errors: bigint('errors', { mode: 'number' }).notNull(),
  latencies: integer('latencies').array().notNull(),
  /** Calls below each of `latencies`, then all calls: one more element than `latencies`, from 0. */
  cumulative: bigint('cumulative', { mode: 'number' }).array().notNull(),
};

/** Per interface and block. Deleted interfaces keep their rows, as their calls stay in the log. */
export const callRollup = pgTable(
  'call_rollup',
  {
    ...block,
    interfaceInfoId: id64('interface_info_id').notNull(),
    ...figures,
    /** milliseconds */
    latencySum: bigint('latency_sum', { mode: 'number' }).notNull(),
    lastTime: timestamp('last_time', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.interfaceInfoId] }),
    // What a deleted interface added to the period's figures, taken back out.
    index('call_rollup_interface_idx').on(t.interfaceInfoId, t.span, t.start),
  ],
);

/** All interfaces together per block: a period's latency distribution and its calls per hour. */
export const callRollupAll = pgTable('call_rollup_all', { ...block, ...figures }, (t) => [
  primaryKey({ columns: [t.span, t.start] }),
]);

/** Facts about the database itself: when the demo data was written, and how many interfaces it holds. */
export const meta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const accessKeyIdSeq = pgSequence('access_key_id_seq', { startWith: '1810000000000000001' });

/**
 * A user's key pairs (server/domain/keys.ts, at most KEY_LIMITS.perUser live
 * ones): the secret key sealed (server/keys/secretBox.ts, bound to the
 * user), with its last 4 characters to show. After a rotation the secret
 * before it still signs until `previous_until`. A revoked key (`revoked_at`)
 * signs nothing and stays for the record.
 */
export const accessKeys = pgTable(
  'access_key',
  {
    id: id64('id')
      .primaryKey()
      .default(sql`nextval('access_key_id_seq')`),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    accessKey: text('access_key').notNull().unique(),
    secretSealed: text('secret_sealed').notNull(),
    secretTail: text('secret_tail').notNull(),
    previousSealed: text('previous_sealed'),
    previousUntil: timestamp('previous_until', { withTimezone: true, mode: 'date' }),
    /** The interfaces the key may call; null: any. */
    interfaceIds: text('interface_ids').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createTime: seconds('create_time').notNull(),
    /** Written by the gateway at most once a minute per key and process. */
    lastUsed: timestamp('last_used', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('access_key_user_idx').on(t.userId, t.createTime),
    uniqueIndex('access_key_live_name_idx')
      .on(t.userId, t.name)
      .where(sql`${t.revokedAt} IS NULL`),
    index('access_key_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** Every change to a user's keys: what, when, from which address (server/domain/keys.ts). */
export const accessKeyAudit = pgTable(
  'access_key_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyId: id64('key_id').notNull(),
    /** add, rotate, revoke or regenerate (contract/keys.ts). */
    action: text('action').notNull(),
    keyName: text('key_name').notNull(),
    accessKey: text('access_key').notNull(),
    /** The grace of a rotation, in seconds. */
    graceSeconds: integer('grace_seconds'),
    ip: text('ip').notNull(),
    time: seconds('time').notNull(),
  },
  (t) => [index('access_key_audit_user_idx').on(t.userId, t.id)],
);

/** What is left of each user's calls per interface (created on the first call). */
export const quotas = pgTable(
  'user_interface_info',
  {
    userId: id64('user_id').notNull(),
    interfaceInfoId: id64('interface_info_id').notNull(),
    leftNum: integer('left_num').notNull(),
    /** All calls granted: what was used plus leftNum. */
    totalNum: bigint('total_num', { mode: 'number' }).notNull(),
    /** The user's own rate limit on the interface (with rateBurst); null: the interface's. */
    rateLimit: integer('rate_limit'),
    rateBurst: integer('rate_burst'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.interfaceInfoId] })],
);

/**
 * The rate limiter's state (server/domain/rateLimit.ts): per caller and
 * interface with a limit, the theoretical arrival time of the generic cell
 * rate algorithm, in epoch milliseconds. One row, updated in one statement per
 * call, so every process on the database shares it.
 */
export const rateLimits = pgTable(
  'rate_limit',
  {
    userId: id64('user_id').notNull(),
    interfaceInfoId: id64('interface_info_id').notNull(),
    tat: doublePrecision('tat').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.interfaceInfoId] })],
);

/**
 * Who was told that an interface is being retired: one row per caller of the
 * last 30 days, written when the interface becomes deprecated (server/domain/lifecycle.ts).
 */
export const interfaceNotices = pgTable(
  'interface_notice',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    interfaceInfoId: id64('interface_info_id').notNull(),
    userId: id64('user_id').notNull(),
    /** The caller's last call before the notice. */
    lastCallTime: timestamp('last_call_time', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
    sunsetDate: date('sunset_date', { mode: 'string' }),
    replacementId: id64('replacement_id'),
    createTime: seconds('create_time').notNull(),
  },
  (t) => [index('interface_notice_interface_idx').on(t.interfaceInfoId, t.createTime)],
);

/** Nonces the gateway has seen per access key, until they can no longer be replayed. */
export const nonces = pgTable(
  'gateway_nonce',
  {
    accessKey: text('access_key').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accessKey, t.nonce] }), index('gateway_nonce_expires_idx').on(t.expiresAt)],
);

/**
 * A user's request for more calls on an interface (server/domain/quotaRequests.ts):
 * open (`pending`) until an admin approves it (the quota rises by `amount`) or
 * refuses it with a reason. At most one open request per user and interface.
 */
export const quotaRequests = pgTable(
  'quota_request',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interfaceInfoId: id64('interface_info_id').notNull(),
    /** Calls asked for; 0 for a plan. */
    amount: integer('amount').notNull(),
    /** quota (the interface's own), topup (the covering subscription's period) or plan (contract/quotaRequests.ts). */
    kind: text('kind').$type<QuotaRequestKind>().notNull().default('quota'),
    /** The plan a `plan` request asks to switch to (plans are never deleted). */
    planId: bigint('plan_id', { mode: 'number' }),
    reason: text('reason').notNull(),
    /** pending, approved or refused (contract/quotaRequests.ts). */
    status: text('status').$type<QuotaRequestStatus>().notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewerId: id64('reviewer_id'),
    createTime: seconds('create_time').notNull(),
    reviewTime: seconds('review_time'),
  },
  (t) => [
    uniqueIndex('quota_request_open_idx')
      .on(t.userId, t.interfaceInfoId)
      .where(sql`${t.status} = 'pending'`),
    index('quota_request_user_idx').on(t.userId, t.createTime),
    index('quota_request_status_idx').on(t.status, t.createTime),
  ],
);

/**
 * A plan (contract/plans.ts, docs/plans.md): a quota per period over its
 * interfaces, with an optional rate limit for its subscribers. A retired plan
 * takes no new subscriptions; current ones run to the end of their period.
 */
export const plans = pgTable('plan', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  period: text('period').$type<PlanPeriod>().notNull(),
  /** Calls per period. */
  quota: integer('quota').notNull(),
  /** The subscribers' rate limit (calls per second, with rateBurst); null: the interface's. */
  rateLimit: integer('rate_limit'),
  rateBurst: integer('rate_burst'),
  approval: boolean('approval').notNull().default(false),
  overage: text('overage').$type<PlanOverage>().notNull().default('block'),
  priceLabel: text('price_label').notNull().default(''),
  visibility: text('visibility').$type<PlanVisibility>().notNull().default('public'),
  /** The plan a caller gets on their first call to one of its interfaces (public, no approval). */
  isDefault: boolean('is_default').notNull().default(false),
  retiredAt: seconds('retired_at'),
  createTime: seconds('create_time').notNull(),
  updateTime: seconds('update_time').notNull(),
});

/** The interfaces of each plan; `is_default` copies the plan's, so an interface has at most one default plan. */
export const planInterfaces = pgTable(
  'plan_interface',
  {
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    interfaceInfoId: id64('interface_info_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.interfaceInfoId] }),
    index('plan_interface_interface_idx').on(t.interfaceInfoId),
    uniqueIndex('plan_interface_default_idx')
      .on(t.interfaceInfoId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A user's hold on a plan. While active, `used` counts the calls of the
 * period [periodStart, periodEnd); the first call after periodEnd starts the
 * next period (the gateway's admission, server/db/functions/gateway_admit.sql).
 */
export const subscriptions = pgTable(
  'subscription',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => plans.id),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** A switch to a plan that needs approval, waiting for an admin; the current plan stays until then. */
    requestedPlanId: bigint('requested_plan_id', { mode: 'number' }).references(() => plans.id),
    periodStart: timestamp('period_start', { withTimezone: true, precision: 3, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, precision: 3, mode: 'date' }),
    /** Calls charged in the period, overage included. */
    used: integer('used').notNull().default(0),
    /** Calls granted on top of the plan's quota for this period only (top-ups); the period's roll sets it to 0. */
    extra: integer('extra').notNull().default(0),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The caller's words when the plan needs approval; the admin's reply. */
    reason: text('reason').notNull().default(''),
    reply: text('reply'),
    reviewerId: id64('reviewer_id'),
    createTime: seconds('create_time').notNull(),
    updateTime: seconds('update_time').notNull(),
    endTime: seconds('end_time'),
  },
  (t) => [
    index('subscription_user_idx').on(t.userId, t.createTime),
    index('subscription_plan_idx').on(t.planId, t.status),
    index('subscription_status_idx').on(t.status, t.createTime),
  ],
);

/**
 * Which live (pending or active) subscription covers each of a user's
 * interfaces: one row per interface of its plan, so the primary key makes
 * "at most one live subscription per interface" a rule of the database, and
 * the gateway finds the subscription a call is charged to in one lookup.
 */
export const subscriptionCovers = pgTable(
  'subscription_cover',
  {
    userId: id64('user_id').notNull(),
    interfaceInfoId: id64('interface_info_id').notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.interfaceInfoId] }),
    index('subscription_cover_subscription_idx').on(t.subscriptionId),
  ],
);

/**
 * What the platform tells a user (contract/alerts.ts, server/domain/alerts.ts).
 * `dedupe_key`, when set, makes an alert once only per user: a second one with
 * the same key is not written (quota alerts clear theirs when the quota is raised).
 */
export const alerts = pgTable(
  'alert',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    interfaceInfoId: id64('interface_info_id'),
    /** The key or the quota request it is about. */
    subjectId: text('subject_id'),
    /** What the text says beyond the kind (contract/alerts.ts AlertData). */
    data: jsonb('data').$type<AlertData>().notNull().default({}),
    createTime: seconds('create_time').notNull(),
    readTime: seconds('read_time'),
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('alert_user_idx').on(t.userId, t.id),
    index('alert_unread_idx').on(t.userId).where(sql`${t.readTime} IS NULL`),
    uniqueIndex('alert_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

/** A user's webhook: one address, the alert kinds sent to it, and its signing secret, sealed. */
export const webhooks = pgTable('webhook', {
  userId: id64('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  kinds: text('kinds').array().$type<AlertKind[]>().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  /** The secret before the last rotation, which signs too until `previous_until`. */
  previousSealed: text('previous_sealed'),
  previousUntil: timestamp('previous_until', { withTimezone: true, mode: 'date' }),
  createTime: seconds('create_time').notNull(),
  updateTime: seconds('update_time').notNull(),
});

/**
 * The webhook's queue and its log: one row per message (`msg_…`, the
 * webhook-id of every try), due at `next_try_time` while pending; the worker
 * claims due rows with FOR UPDATE SKIP LOCKED (server/webhooks/worker.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    userId: id64('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: bigint('alert_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    /** The body, as sent on every try. */
    payload: text('payload').notNull(),
    /** pending, delivered or failed. */
    state: text('state').$type<WebhookDeliveryState>().notNull().default('pending'),
    tries: integer('tries').notNull().default(0),
    nextTryTime: timestamp('next_try_time', { withTimezone: true, precision: 3, mode: 'date' }),
    createTime: timestamp('create_time', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
  },
  (t) => [
    index('webhook_delivery_due_idx').on(t.nextTryTime).where(sql`${t.state} = 'pending'`),
    index('webhook_delivery_user_idx').on(t.userId, t.createTime),
  ],
);

/** Each try of a delivery: when, the receiver's HTTP status (null: no answer), how long, why it failed. */
export const webhookAttempts = pgTable(
  'webhook_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
    status: smallint('status'),
    durationMs: integer('duration_ms').notNull(),
    failure: text('failure'),
  },
  (t) => [index('webhook_attempt_delivery_idx').on(t.deliveryId, t.time)],
);

export const schema = {
  users,
  sessions,
  loginAttempts,
  interfaces,
  calls,
  callRollup,
  callRollupAll,
  meta,
  accessKeys,
  accessKeyAudit,
  quotas,
  rateLimits,
  nonces,
  interfaceNotices,
  quotaRequests,
  plans,
  planInterfaces,
  subscriptions,
  subscriptionCovers,
  alerts,
  webhooks,
  webhookDeliveries,
  webhookAttempts,
  userIdSeq,
  interfaceIdSeq,
  accessKeyIdSeq,
};
