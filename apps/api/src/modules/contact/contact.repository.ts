import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formSubmissions } from '../../db/schema/app.ts';

type NewSubmission = typeof formSubmissions.$inferInsert;

export function createContactRepository(db: Db) {
  return {
    async insert(s: NewSubmission): Promise<string> {
      const [row] = await db.insert(formSubmissions).values(s).returning({ id: formSubmissions.id });
      return row.id;
    },
    async setMailStatus(id: string, mailStatus: 'sent' | 'failed' | 'none'): Promise<void> {
      await db.update(formSubmissions).set({ mailStatus }).where(eq(formSubmissions.id, id));
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
