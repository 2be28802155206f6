import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A time range in minutes after midnight, IST: { start: 540, end: 720 } is 9 AM - 12 PM. */
export type TimeRange = { start: number; end: number };

/**
 * An approved counsellor's edit of what students see, waiting for an admin (issue 24 item 3): the
 * live profile stays as it was until then. `photoKey` is a new photo's key (the old one stays live).
 */
export type PendingProfile = {
  name: string;
  yearOfStudy: number;
  program: string;
  about: string;
  achievements: string | null;
  experience: string | null;
  photoKey: string | null;
};

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

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
    /** How enrolment was proved (docs/decisions 0026): a code to the institute's own mail domain, or a student ID card an admin saw. */
    verificationMethod: text('verification_method', { enum: ['email', 'id-card'] }),
    /** The student address the code went to (e-mail proof); one counsellor per address. */
    verifiedEmail: text('verified_email'),
    /** When enrolment was proved: the code entered, or the admin's decision on the card. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** An approved counsellor's edit waiting for an admin; null when none. */
    pendingChanges: jsonb('pending_changes').$type<PendingProfile>(),
    pendingSubmittedAt: timestamp('pending_submitted_at', { withTimezone: true }),
    /** The admin's note when they last turned an edit down. */
    changeReviewNote: text('change_review_note'),
    /** Seeded by `npm run seed:demo`; labelled Demo on screen. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('counsellors_status_institute_idx').on(t.status, t.instituteId),
    check('counsellors_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('counsellors_year_check', sql`${t.yearOfStudy} between 1 and 6`),
    check('counsellors_verification_check', sql`${t.verificationMethod} is null or ${t.verificationMethod} in ('email', 'id-card')`),
    uniqueIndex('counsellors_verified_email_idx').on(t.verifiedEmail),
  ],
);

/**
 * Codes e-mailed to a student address at an institute's own domain (docs/decisions 0026). Only the
 * code's hash is kept; a code lasts 15 minutes and allows 5 tries; `verified_at` marks it entered.
 */
export const studentEmailCodes = pgTable(
  'student_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instituteId: text('institute_id').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_email_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A student ID card uploaded as proof of enrolment: kept privately in the database (never served
 * publicly, only to an admin beside the application) and deleted when the admin decides.
 */
export const counsellorIdCards = pgTable('counsellor_id_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where Rankwise pays a counsellor: a UPI ID or a bank account (shown masked after entry). */
export const counsellorPayoutDetails = pgTable(
  'counsellor_payout_details',
  {
    counsellorId: uuid('counsellor_id')
      .primaryKey()
      .references(() => counsellors.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['upi', 'bank'] }).notNull(),
    upiId: text('upi_id'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'counsellor_payout_details_method_check',
      sql`(${t.method} = 'upi' and ${t.upiId} is not null) or (${t.method} = 'bank' and ${t.accountNumber} is not null and ${t.ifsc} is not null and ${t.accountName} is not null)`,
    ),
  ],
);

/** 'Tell me when a counsellor joins' for a college with none yet: one e-mail, and a link that stops it. */
export const collegeWatchers = pgTable(
  'college_watchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instituteId: text('institute_id').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The one-click stop link's secret. */
    stopToken: text('stop_token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('college_watchers_institute_email_idx').on(t.instituteId, t.email)],
);

/**
 * A payout to a counsellor, recorded when an admin marks it paid (real transfers happen outside
 * Rankwise). Its sessions leave the ledger's `payable` account with `payout` entries.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    counsellorId: uuid('counsellor_id')
      .notNull()
      .references(() => counsellors.id, { onDelete: 'restrict' }),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    sessions: integer('sessions').notNull(),
    grossPaise: integer('gross_paise').notNull(),
    /** Rankwise's commission at the time, in basis points (2000 = 20%). */
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    commissionPaise: integer('commission_paise').notNull(),
    netPaise: integer('net_paise').notNull(),
    /** The bank or UPI reference the admin gives. */
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    paidBy: uuid('paid_by').notNull(),
  },
  (t) => [index('payouts_counsellor_idx').on(t.counsellorId, t.paidAt)],
);

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
