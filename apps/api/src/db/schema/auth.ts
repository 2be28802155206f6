import { roles } from '@rankwise/contract/endpoint';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  /** argon2id; null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  googleSub: text('google_sub').unique(),
  profilePicture: text('profile_picture'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The e-mailed sign-up code: one live code per address, stored hashed. */
export const emailCodes = pgTable('email_codes', {
  email: text('email').primaryKey(),
  username: text('username').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  wrongAttempts: integer('wrong_attempts').notNull().default(0),
});

/** Refresh-token sessions. Each rotation adds a row to the same family; reuse revokes the family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when rotated (replaced) or revoked; a token whose row has this set must not be used again. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_family_idx').on(t.familyId), index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Session families ended by logout, a password reset, reuse of a refresh token or deletion of the
 * account (a trigger on auth_sessions): access tokens carrying one of these ids (`sid`) are refused.
 * Each instance keeps the recent ones in memory (plugins/auth.ts); rows older than a day are pruned.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    familyId: uuid('family_id').primaryKey(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_revocations_revoked_idx').on(t.revokedAt)],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Roles held by a user (admin, counsellor); the server checks them on every call that needs one. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roles }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);
