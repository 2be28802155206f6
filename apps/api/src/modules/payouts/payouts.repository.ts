import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counsellors, payouts } from '../../db/schema/counsellors.ts';

/** A session whose amount became payable in a period and is not paid out yet. */
export type DueSession = { counsellorId: string; bookingId: string; payablePaise: number };

/**
 * Payouts (docs/decisions 0026): what became payable when, and the payouts recorded. A payout's
 * sessions leave the ledger's `payable` account with one `payout` entry each (`payout:{bookingId}`,
 * so a session is paid once). Takes a Db that may be a transaction.
 */
export function createPayoutsRepository(db: Db) {
  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
  return {
    /**
     * Sessions whose amount moved to `payable` in [from, to) and still has a payable balance (no
     * payout yet), of every counsellor or of one.
     */
    async due(from: Date, to: Date, counsellorId?: string): Promise<DueSession[]> {
      const rows = rowsOf<{ counsellor_id: string; booking_id: string; payable: number }>(
        await db.execute(sql`
          select l.counsellor_id, l.booking_id, sum(l.amount_paise)::int as payable
          from ledger_entries l
          where l.account = 'payable'
            and l.booking_id in (
              select r.booking_id from ledger_entries r
              where r.account = 'payable' and r.kind = 'release' and r.amount_paise > 0
                and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz
                ${counsellorId ? sql`and r.counsellor_id = ${counsellorId}` : sql``}
            )
          group by l.counsellor_id, l.booking_id
          having sum(l.amount_paise) > 0
          order by l.counsellor_id, l.booking_id`),
      );
      return rows.map((r) => ({ counsellorId: r.counsellor_id, bookingId: r.booking_id, payablePaise: Number(r.payable) }));
    },
    /** Locks the counsellor's row for the transaction: one payout of theirs is recorded at a time. */
    async lockCounsellor(counsellorId: string): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from counsellors where id = ${counsellorId} for update`));
      return rows.length > 0;
    },
    async insertPayout(v: typeof payouts.$inferInsert): Promise<typeof payouts.$inferSelect> {
      const [row] = await db.insert(payouts).values(v).returning();
      return row;
    },
    /** One session leaves `payable`: paid out by this payout. */
    async payOut(bookingId: string, amountPaise: number, payoutId: string, at: Date): Promise<void> {
      await db.execute(sql`
        insert into ledger_entries (counsellor_id, booking_id, account, kind, amount_paise, entry_key, payout_id, created_at)
        select counsellor_id, id, 'payable', 'payout', ${-amountPaise}, ${`payout:${bookingId}`}, ${payoutId}, ${at.toISOString()}::timestamptz
        from bookings where id = ${bookingId}`);
    },
    /** Payouts whose period overlaps [from, to] (IST days), newest first. */
    async payoutsOverlapping(from: string, to: string) {
      return db
        .select({
          id: payouts.id,
          counsellorId: payouts.counsellorId,
          name: counsellors.name,
          periodFrom: payouts.periodFrom,
          periodTo: payouts.periodTo,
          sessions: payouts.sessions,
          grossPaise: payouts.grossPaise,
          commissionPaise: payouts.commissionPaise,
          netPaise: payouts.netPaise,
          reference: payouts.reference,
          paidAt: payouts.paidAt,
        })
        .from(payouts)
        .innerJoin(counsellors, eq(counsellors.id, payouts.counsellorId))
        .where(and(lte(payouts.periodFrom, to), gte(payouts.periodTo, from)))
        .orderBy(desc(payouts.paidAt))
        .limit(1000);
    },
    /** A counsellor's payouts, newest first. */
    async payoutsOf(counsellorId: string) {
      return db.select().from(payouts).where(eq(payouts.counsellorId, counsellorId)).orderBy(desc(payouts.paidAt)).limit(200);
    },
  };
}
export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
