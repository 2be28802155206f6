import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, emailCodes, passwordResets, users } from '../../db/schema/auth.ts';

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
    async findConflict(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(sql`lower(${users.username}) = lower(${username})`, eq(users.email, email)));
      return { username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()), email: rows.some((r) => r.email === email) };
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
    async upsertCode(c: typeof emailCodes.$inferInsert): Promise<void> {
      await db
        .insert(emailCodes)
        .values(c)
        .onConflictDoUpdate({ target: emailCodes.email, set: { ...c } });
    },
    async countWrongAttempt(email: string): Promise<number> {
      const [row] = await db
        .update(emailCodes)
        .set({ wrongAttempts: sql`${emailCodes.wrongAttempts} + 1` })
        .where(eq(emailCodes.email, email))
        .returning({ n: emailCodes.wrongAttempts });
      return row?.n ?? 0;
    },
    async deleteCode(email: string): Promise<void> {
      await db.delete(emailCodes).where(eq(emailCodes.email, email));
    },

    async insertSession(s: typeof authSessions.$inferInsert): Promise<void> {
      await db.insert(authSessions).values(s);
    },
    async findSessionByHash(tokenHash: string): Promise<SessionRow | undefined> {
      return (await db.select().from(authSessions).where(eq(authSessions.tokenHash, tokenHash)).limit(1))[0];
    },
    /** Marks a live session used; false when another request got there first (a reuse). */
    async revokeSessionIfLive(id: string): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return rows.length > 0;
    },
    async revokeFamily(familyId: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
    },
    async revokeAllForUser(userId: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    },

    async insertReset(r: typeof passwordResets.$inferInsert): Promise<void> {
      await db.insert(passwordResets).values(r);
    },
    async findReset(tokenHash: string) {
      return (await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1))[0];
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
