import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formSubmissions } from '../../db/schema/app.ts';

type NewSubmission = typeof formSubmissions.$inferInsert;

export function createContactRepository(db: Db) {
  return {
    /** The new row's id, or null when a row with the same `dedupeKey` exists (a resent message). */
    async insert(s: NewSubmission): Promise<string | null> {
      const rows = await db.insert(formSubmissions).values(s).onConflictDoNothing({ target: formSubmissions.dedupeKey }).returning({ id: formSubmissions.id });
      return rows[0]?.id ?? null;
    },
    /** A message of the same kind and content stored since `since` (a resend without a key). */
    async findRecent(kind: 'contact' | 'help', contentHash: string, since: Date): Promise<string | null> {
      const rows = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.kind, kind), eq(formSubmissions.contentHash, contentHash), gt(formSubmissions.createdAt, since)))
        .limit(1);
      return rows[0]?.id ?? null;
    },
    async findById(id: string) {
      const rows = await db.select().from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async setMailStatus(id: string, mailStatus: 'sent' | 'failed' | 'none'): Promise<void> {
      await db.update(formSubmissions).set({ mailStatus }).where(eq(formSubmissions.id, id));
    },
    /** Messages still waiting for their support mail whose job may be missing (stored before the queue carried them). */
    async listPending(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.mailStatus, 'pending'), inArray(formSubmissions.kind, ['contact', 'help'])))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
