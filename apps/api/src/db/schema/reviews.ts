import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bookings } from './bookings.ts';
import { counsellors } from './counsellors.ts';

/** Longest review text accepted (also checked by the contract's schema). */
export const REVIEW_MAX_LENGTH = 2000;

/**
 * A student's review of a counsellor, written after a session they really had. `booking_id` is
 * unique: one review per session, whatever races between two submissions.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    counsellorId: uuid('counsellor_id')
      .notNull()
      .references(() => counsellors.id, { onDelete: 'restrict' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    /** Plain text as written (shown escaped). */
    review: text('review').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_counsellor_created_idx').on(t.counsellorId, t.createdAt),
    index('reviews_student_idx').on(t.studentId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_text_check', sql`char_length(${t.review}) between 1 and 2000`),
  ],
);
