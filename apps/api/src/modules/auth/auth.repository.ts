import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, emailCodes, passwordResets, sessionRevocations, users } from '../../db/schema/auth.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;

export function createAuthRepository(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
    },
    async findUserByGoogleSub(sub: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.googleSub, sub)).limit(1))[0];
    },
    async usernameTaken(username: string): Promise<boolean> {
      return (
        (
          await db
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.username}) = lower(${username})`)
            .limit(1)
        ).length > 0
      );
    },
    async insertUser(u: typeof users.$inferInsert): Promise<UserRow> {
      return (await db.insert(users).values(u).returning())[0];
    },
    async setGoogleSub(id: string, sub: string, picture: string | null): Promise<void> {
      await db.update(users).set({ googleSub: sub, profilePicture: picture }).where(eq(users.id, id));
    },
    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    async findCode(email: string) {
      return (await db.select().from(emailCodes).where(eq(emailCodes.email, email)).limit(1))[0];
    },
    /**
     * Stores a new code unless the address's last one was sent after `cooldownSince`: one statement,
     * so two requests at once cannot both send. False while the cool-down runs.
     */
    async putCodeUnlessCooling(c: typeof emailCodes.$inferInsert, cooldownSince: Date): Promise<boolean> {
      const rows = await db
        .insert(emailCodes)
        .values(c)
        .onConflictDoUpdate({ target: emailCodes.email, set: { ...c }, setWhere: lte(emailCodes.sentAt, cooldownSince) })
        .returning({ email: emailCodes.email });
      return rows.length > 0;
    },
    /** Lets the address ask again at once (its code could not be sent). Only if `codeHash` is still its code. */
    async endCodeCooldown(email: string, codeHash: string): Promise<void> {
      await db
        .update(emailCodes)
        .set({ sentAt: new Date(0) })
        .where(and(eq(emailCodes.email, email), eq(emailCodes.codeHash, codeHash)));
    },
    /**
     * Spends the code and creates the account together: if the account cannot be created (a name
     * taken meanwhile: a unique violation is thrown), the code is not spent. False if the code was not spendable.
     */
    async createUserWithCode(email: string, codeHash: string, now: Date, maxWrong: number, user: typeof users.$inferInsert): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .delete(emailCodes)
          .where(and(eq(emailCodes.email, email), eq(emailCodes.codeHash, codeHash), gt(emailCodes.expiresAt, now), lt(emailCodes.wrongAttempts, maxWrong)))
          .returning({ email: emailCodes.email });
        if (spent.length === 0) return false;
        await tx.insert(users).values(user);
        return true;
      });
    },
    /** Counts a wrong guess against a live, unlocked code; the count after it, or null when there was none to count against. */
    async countWrongGuess(email: string, now: Date, maxWrong: number): Promise<number | null> {
      const [row] = await db
        .update(emailCodes)
        .set({ wrongAttempts: sql`${emailCodes.wrongAttempts} + 1` })
        .where(and(eq(emailCodes.email, email), gt(emailCodes.expiresAt, now), lt(emailCodes.wrongAttempts, maxWrong)))
        .returning({ n: emailCodes.wrongAttempts });
      return row ? row.n : null;
    },

    async insertSession(s: typeof authSessions.$inferInsert): Promise<void> {
      await db.insert(authSessions).values(s);
    },
    async findSessionByHash(tokenHash: string): Promise<SessionRow | undefined> {
      return (await db.select().from(authSessions).where(eq(authSessions.tokenHash, tokenHash)).limit(1))[0];
    },
    /**
     * Rotation: marks the live session used and adds its successor, together. A second request with
     * the same token waits for the first one's row lock, then finds the session used: false.
     */
    async rotateSession(id: string, now: Date, successor: typeof authSessions.$inferInsert): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(authSessions)
          .set({ revokedAt: now })
          .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
          .returning({ id: authSessions.id });
        if (used.length === 0) return false;
        await tx.insert(authSessions).values(successor);
        return true;
      });
    },
    /** Ends a session family: its refresh tokens and (through session_revocations) its access tokens. */
    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(authSessions)
          .set({ revokedAt: now })
          .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
        await tx.insert(sessionRevocations).values({ familyId }).onConflictDoNothing();
      });
    },
    /** Ends every session of the user; the families ended. */
    async revokeAllForUser(userId: string, now: Date): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(authSessions)
          .set({ revokedAt: now })
          .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
          .returning({ familyId: authSessions.familyId });
        const families = [...new Set(rows.map((r) => r.familyId))];
        if (families.length)
          await tx
            .insert(sessionRevocations)
            .values(families.map((familyId) => ({ familyId })))
            .onConflictDoNothing();
        return families;
      });
    },
    /** Families ended within the last `seconds` (by the database's clock). */
    async listRecentRevocations(seconds: number): Promise<string[]> {
      const rows = await db
        .select({ familyId: sessionRevocations.familyId })
        .from(sessionRevocations)
        .where(gt(sessionRevocations.revokedAt, sql`now() - make_interval(secs => ${seconds})`));
      return rows.map((r) => r.familyId);
    },
    async pruneRevocations(olderThanSeconds: number): Promise<void> {
      await db.delete(sessionRevocations).where(lt(sessionRevocations.revokedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`));
    },

    async insertReset(r: typeof passwordResets.$inferInsert): Promise<void> {
      await db.insert(passwordResets).values(r);
    },
    async findReset(tokenHash: string) {
      return (await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1))[0];
    },
    async deleteReset(tokenHash: string): Promise<void> {
      await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
    },
    /** Spends the token; false when it was already used. */
    async spendReset(tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
        .returning({ t: passwordResets.tokenHash });
      return rows.length > 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
