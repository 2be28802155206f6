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
    /**
     * What is held or payable for each of the counsellor's sessions, with when the amount became
     * payable: the earnings page says what is payable when (docs/decisions 0026).
     */
    async schedule(
      counsellorId: string,
    ): Promise<
      { bookingId: string; startsAt: Date; endsAt: Date; status: string; studentName: string; held: number; payable: number; payableSince: Date | null }[]
    > {
      const rows = (
        (await db.execute(sql`
          select b.id as booking_id, b.starts_at, b.ends_at, b.status, u.username as student_name,
            coalesce(sum(l.amount_paise) filter (where l.account = 'held'), 0)::int as held,
            coalesce(sum(l.amount_paise) filter (where l.account = 'payable'), 0)::int as payable,
            max(l.created_at) filter (where l.account = 'payable' and l.kind = 'release' and l.amount_paise > 0) as payable_since
          from ledger_entries l
          join bookings b on b.id = l.booking_id
          join users u on u.id = b.student_id
          where l.counsellor_id = ${counsellorId}
          group by b.id, b.starts_at, b.ends_at, b.status, u.username
          having coalesce(sum(l.amount_paise) filter (where l.account = 'held'), 0) > 0
              or coalesce(sum(l.amount_paise) filter (where l.account = 'payable'), 0) > 0
          order by b.starts_at
          limit 1000`)) as unknown as {
          rows: {
            booking_id: string;
            starts_at: string | Date;
            ends_at: string | Date;
            status: string;
            student_name: string;
            held: number;
            payable: number;
            payable_since: string | Date | null;
          }[];
        }
      ).rows;
      return rows.map((r) => ({
        bookingId: r.booking_id,
        startsAt: new Date(r.starts_at),
        endsAt: new Date(r.ends_at),
        status: r.status,
        studentName: r.student_name,
        held: Number(r.held),
        payable: Number(r.payable),
        payableSince: r.payable_since ? new Date(r.payable_since) : null,
      }));
    },
    /** The counsellor's ledger, newest first, with its balances. */
    async ledgerOf(
      counsellorId: string,
      limit = 500,
    ): Promise<{ entries: LedgerRow[]; held: number; payable: number; received: number; refunded: number; paidOut: number }> {
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
          paidOut: sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'payout'), 0)::int`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.counsellorId, counsellorId));
      return {
        entries,
        held: Number(t.held),
        payable: Number(t.payable),
        received: Number(t.received),
        refunded: Number(t.refunded),
        paidOut: Number(t.paidOut),
      };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
