import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A time range in minutes after midnight, IST: { start: 540, end: 720 } is 9 AM - 12 PM. */
export type TimeRange = { start: number; end: number };

/**
 * A current student who applied to counsel for one college. Listed only once an admin approves.
 * `institute_id` is an engineering institute's id (e.g. 'nit-goa'); no foreign key, because the data
 * importer replaces `engineering_institutes` wholesale; the service checks it on every write, and
 * `institute_name` keeps the name as it was when checked.
 */
export const counsellors = pgTable(
  'counsellors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      // A counsellor with sessions keeps their record: never deleted with the account by accident.
      .references(() => users.id, { onDelete: 'restrict' }),
    instituteId: text('institute_id').notNull(),
    instituteName: text('institute_name').notNull(),
    name: text('name').notNull(),
    /** 1 = first year ... 6. */
    yearOfStudy: smallint('year_of_study').notNull(),
    program: text('program').notNull(),
    about: text('about').notNull(),
    achievements: text('achievements'),
    experience: text('experience'),
    /** File stem of the stored photo variants under DATA_FOLDER/counsellor-photos; null = default image. */
    photoKey: text('photo_key'),
    /** Weekdays offered, 0 = Sunday ... 6 = Saturday (IST). */
    availableDays: smallint('available_days').array().notNull(),
    /** Hours offered on each of those days, IST, in 30-minute steps. */
    timeRanges: jsonb('time_ranges').$type<TimeRange[]>().notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    /** Seeded by `npm run seed:demo`; labelled Demo on screen. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('counsellors_status_institute_idx').on(t.status, t.instituteId),
    check('counsellors_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('counsellors_year_check', sql`${t.yearOfStudy} between 1 and 6`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Counsellor photos, each size a row (issue 27 item 4): in the database, so every instance serves
 * a photo another instance took, and backups hold them. A key is new for every upload.
 */
export const counsellorPhotos = pgTable(
  'counsellor_photos',
  {
    key: text('key').notNull(),
    size: smallint('size').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.size] })],
);
