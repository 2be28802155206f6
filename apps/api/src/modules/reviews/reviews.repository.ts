import { and, asc, desc, eq, inArray, lte, ne, or, sql, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { reviews } from '../../db/schema/reviews.ts';

export type ReviewRecord = { id: string; rating: number; review: string; createdAt: Date; username: string | null };

/** The only code that reads or writes reviews. Takes a Db that may be a transaction. */
export function createReviewsRepository(db: Db) {
  return {
    /**
     * The student's sessions with this counsellor that they really had and have not reviewed yet,
     * oldest first (booking-states.ts `isHadSession`, in SQL): confirmed and ended, or completed;
     * never cancelled, refunded, reported or disputed; the student not marked absent.
     */
    async reviewableSessions(studentId: string, counsellorId: string, now: Date, opts: { lock?: boolean } = {}): Promise<string[]> {
      const q = db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.studentId, studentId),
            eq(bookings.counsellorId, counsellorId),
            or(and(eq(bookings.status, 'confirmed'), lte(bookings.endsAt, now)), eq(bookings.status, 'completed')),
            or(isNull(bookings.counsellorOutcome), ne(bookings.counsellorOutcome, 'student_absent')),
            sql`not exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`,
          ),
        )
        .orderBy(asc(bookings.startsAt));
      const rows = opts.lock ? await q.for('update') : await q;
      return rows.map((r) => r.id);
    },
    /** Inserts a review; null when this session already has one (the unique booking_id decided). */
    async insert(v: {
      bookingId: string;
      counsellorId: string;
      studentId: string;
      rating: number;
      review: string;
      createdAt: Date;
    }): Promise<ReviewRecord | null> {
      const [row] = await db.insert(reviews).values(v).onConflictDoNothing({ target: reviews.bookingId }).returning({ id: reviews.id });
      if (!row) return null;
      const [r] = await db
        .select({ id: reviews.id, rating: reviews.rating, review: reviews.review, createdAt: reviews.createdAt, username: users.username })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.studentId))
        .where(eq(reviews.id, row.id));
      return r;
    },
    /** A counsellor's reviews, newest first. */
    async listFor(counsellorId: string, limit = 200): Promise<ReviewRecord[]> {
      return db
        .select({ id: reviews.id, rating: reviews.rating, review: reviews.review, createdAt: reviews.createdAt, username: users.username })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.studentId))
        .where(eq(reviews.counsellorId, counsellorId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },
    /** Average and count per counsellor (the counsellor cards and the reviews page). */
    async ratings(counsellorIds: string[]): Promise<Map<string, { average: number; count: number }>> {
      if (counsellorIds.length === 0) return new Map();
      const rows = await db
        .select({
          counsellorId: reviews.counsellorId,
          average: sql<string>`avg(${reviews.rating})`,
          count: sql<number>`count(*)::int`,
        })
        .from(reviews)
        .where(inArray(reviews.counsellorId, counsellorIds))
        .groupBy(reviews.counsellorId);
      return new Map(rows.map((r) => [r.counsellorId, { average: Number(r.average), count: Number(r.count) }]));
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
