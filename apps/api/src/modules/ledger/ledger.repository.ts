import { aliasedTable, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookings, ledgerEntries, refunds, type LedgerAccount, type LedgerKind } from '../../db/schema/bookings.ts';

export type LedgerRow = {
  id: number;
  createdAt: Date;
  bookingId: string;
  sessionStartsAt: Date;
  studentName: string;
  kind: LedgerKind;
  account: LedgerAccount;
  amountPaise: number;
};

/**
 * The counsellor's money accounts (docs/decisions/0013): each session's amount is `held` when paid,
 * becomes `payable` when the session completes, and leaves with a refund; refunds are decided here
 * (their sending is the payments module's). Takes a Db that may be a transaction.
 */
export function createLedgerRepository(db: Db) {
  /** One ledger entry, once per key; the counsellor is the booking's. */
  async function entry(bookingId: string, account: LedgerAccount, kind: LedgerKind, amountPaise: number, entryKey: string, at: Date) {
    await db.execute(sql`
      insert into ledger_entries (counsellor_id, booking_id, account, kind, amount_paise, entry_key, created_at)
      select counsellor_id, id, ${account}, ${kind}, ${amountPaise}, ${entryKey}, ${at.toISOString()}::timestamptz from bookings where id = ${bookingId}
      on conflict (entry_key) do nothing`);
  }
  async function balances(bookingId: string): Promise<{ held: number; payable: number }> {
    const [t] = await db
      .select({
        held: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'held'), 0)::int`,
        payable: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'payable'), 0)::int`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, bookingId));
    return { held: Number(t.held), payable: Number(t.payable) };
  }

  return {
    /** A session's payment is in: its amount is held for the counsellor until the session completes. */
    async received(bookingId: string, amountPaise: number, at: Date): Promise<void> {
      await entry(bookingId, 'held', 'payment', amountPaise, `payment:${bookingId}`, at);
    },
    /**
     * A refund decided (sent to the payment provider after commit, by the refund job). Its amount
     * leaves the counsellor's ledger in the same transaction: from what is held for the session
     * (from what was payable only if nothing is held). One refund per refund id.
     */
    async insertRefund(v: { bookingId: string; refundId: string; amountPaise: number; reason: string }, now = new Date()): Promise<string> {
      const [row] = await db
        .insert(refunds)
        .values({ ...v, status: 'requested', createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: refunds.refundId })
        .returning({ id: refunds.id });
      if (row) {
        const { held } = await balances(v.bookingId);
        await entry(v.bookingId, held >= v.amountPaise ? 'held' : 'payable', 'refund', -v.amountPaise, `refund:${v.refundId}`, now);
        return row.id;
      }
      const [existing] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.refundId, v.refundId));
      return existing.id;
    },
    /** The session is completed (or cancelled late, unrefunded): what is held for it becomes payable. */
    async release(bookingId: string, now: Date): Promise<number> {
      const { held } = await balances(bookingId);
      if (held <= 0) return 0;
      await entry(bookingId, 'held', 'release', -held, `release:${bookingId}:held`, now);
      await entry(bookingId, 'payable', 'release', held, `release:${bookingId}:payable`, now);
      return held;
    },
    /** The counsellor's ledger, newest first, with its balances. */
    async ledgerOf(counsellorId: string, limit = 500): Promise<{ entries: LedgerRow[]; held: number; payable: number; received: number; refunded: number }> {
      const student = aliasedTable(users, 'student');
      const entries = await db
        .select({
          id: ledgerEntries.id,
          createdAt: ledgerEntries.createdAt,
          bookingId: ledgerEntries.bookingId,
          sessionStartsAt: bookings.startsAt,
          studentName: student.username,
          kind: ledgerEntries.kind,
          account: ledgerEntries.account,
          amountPaise: ledgerEntries.amountPaise,
        })
        .from(ledgerEntries)
        .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .innerJoin(student, eq(student.id, bookings.studentId))
        .where(eq(ledgerEntries.counsellorId, counsellorId))
        .orderBy(desc(ledgerEntries.id))
        .limit(limit);
      const [t] = await db
        .select({
          held: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'held'), 0)::int`,
          payable: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'payable'), 0)::int`,
          received: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'payment'), 0)::int`,
          refunded: sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'refund'), 0)::int`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.counsellorId, counsellorId));
      return { entries, held: Number(t.held), payable: Number(t.payable), received: Number(t.received), refunded: Number(t.refunded) };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
