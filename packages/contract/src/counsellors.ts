import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { DIRECTION_OVERRIDES, directionMessage, multiLine, oneLine } from './text.ts';

/** Spec §8 Counsellors. */
export const counsellorMessages = {
  noneFound: 'No counsellors found',
  fetchFailed: 'Failed to fetch counsellors',
  notFound: 'Counsellor not found',
} as const;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Days listed Monday first, as people read a week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** A range of minutes after midnight (IST): { start: 540, end: 720 } is 9 AM - 12 PM. */
export type TimeRange = { start: number; end: number };

/** Spec §3 defaults and §5 fallback: 9 AM - 12 PM on Tuesday and Thursday. */
export const DEFAULT_AVAILABILITY: { days: number[]; ranges: TimeRange[] } = { days: [2, 4], ranges: [{ start: 540, end: 720 }] };

/** 540 -> '9 AM', 570 -> '9:30 AM', 720 -> '12 PM', 1440 -> '12 AM' (midnight at the end of a day). */
export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const min = m % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return min === 0 ? `${h12} ${suffix}` : `${h12}:${String(min).padStart(2, '0')} ${suffix}`;
}

/** The spec's `AvailableTimeSlots` text: '9 AM - 12 PM, 4:30 PM - 6 PM'. */
export function formatTimeRanges(ranges: readonly TimeRange[]): string {
  return [...ranges]
    .sort((a, b) => a.start - b.start)
    .map((r) => `${formatClock(r.start)} - ${formatClock(r.end)}`)
    .join(', ');
}

/** The spec's `AvailableDays` text: 'Tuesday, Thursday'. */
export function formatDays(days: readonly number[]): string {
  return WEEK_ORDER.filter((d) => days.includes(d))
    .map((d) => WEEKDAYS[d])
    .join(', ');
}

const CLOCK = /^(\d{1,2})(?::([0-5]\d))?\s*([AaPp])\.?\s*[Mm]\.?$/;

/** '9 AM' -> 540, '4:30 PM' -> 990; `asEnd` reads '12 AM' as midnight at the end of the day (1440). */
export function parseClock(text: string, asEnd = false): number | null {
  const m = CLOCK.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  if (h < 1 || h > 12) return null;
  const pm = m[3].toLowerCase() === 'p';
  const total = ((h % 12) + (pm ? 12 : 0)) * 60 + min;
  return asEnd && total === 0 ? 1440 : total;
}

/** Spec §5: each segment needs a start before an end; anything else is invalid (null). */
export function parseTimeRanges(text: string | null | undefined): TimeRange[] | null {
  if (!text || !text.trim()) return null;
  const ranges: TimeRange[] = [];
  for (const segment of text.split(',')) {
    const parts = segment.split(/\s+(?:-|–|to)\s+|-|–/);
    if (parts.length !== 2) return null;
    const start = parseClock(parts[0]);
    const end = parseClock(parts[1], true);
    if (start === null || end === null || start >= end) return null;
    ranges.push({ start, end });
  }
  return ranges;
}

/** 'Tuesday, Thursday' -> [2, 4]; unknown names make the whole text invalid (null). */
export function parseDays(text: string | null | undefined): number[] | null {
  if (!text || !text.trim()) return null;
  const days = new Set<number>();
  for (const raw of text.split(',')) {
    const name = raw.trim().toLowerCase();
    const d = WEEKDAYS.findIndex((w) => w.toLowerCase() === name || w.slice(0, 3).toLowerCase() === name);
    if (d < 0) return null;
    days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}

/** Spec §5 time-slot parsing: invalid text falls back to 9 AM - 12 PM on Tuesday and Thursday. */
export function parseAvailability(
  timeSlots: string | null | undefined,
  days: string | null | undefined,
): { days: number[]; ranges: TimeRange[]; fallback: boolean } {
  const ranges = parseTimeRanges(timeSlots);
  const dayList = parseDays(days);
  if (!ranges || !dayList || dayList.length === 0) return { ...DEFAULT_AVAILABILITY, fallback: true };
  return { days: dayList, ranges, fallback: false };
}

/** Spec §3 Counsellor, plus what this product adds (DECISIONS.md: e-mail masked). */
export const counsellorSchema = z.object({
  _id: z.string(),
  Name: z.string(),
  College: z.string(),
  Year: z.string(),
  About: z.string(),
  /** Photo URL, or null for the default image. */
  Image: z.string().nullable(),
  /** Masked: a counsellor's address is never published. */
  Email: z.string(),
  AvailableTimeSlots: z.string(),
  AvailableDays: z.string(),
  instituteId: z.string(),
  program: z.string(),
  achievements: z.string().nullable(),
  experience: z.string().nullable(),
  /** Average review rating (1-5), null without reviews. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Seeded demo counsellor, labelled Demo on screen. */
  isDemo: z.boolean(),
  /** 'Verified student of IIT Bombay, year 3' once enrolment was proved (docs/decisions 0026); null otherwise. */
  verifiedStudent: z.string().nullable(),
  /** When enrolment was proved (ISO), with how: a code to the college's own mail, or an ID card an admin saw. */
  verifiedAt: z.string().nullable(),
  verifiedBy: z.enum(['email', 'id-card']).nullable(),
});
export type Counsellor = z.infer<typeof counsellorSchema>;

/** 'Verified student of IIT Bombay, year 3' */
export const verifiedStudentText = (college: string, year: number) => `Verified student of ${college}, year ${year}`;

export const counsellorListRequestSchema = z.object({
  /** The college as results and college pages name it (or its id); absent or empty: every approved counsellor. */
  instituteName: oneLine(z.string().trim().max(300, 'The college name is too long'), 'The college name').optional(),
});
export type CounsellorListRequest = z.input<typeof counsellorListRequestSchema>;
export const counsellorListResponseSchema = z.object({ data: z.array(counsellorSchema) });
export type CounsellorListResponse = z.infer<typeof counsellorListResponseSchema>;

/** Spec §3 Booked slot: IST date 'YYYY-MM-DD' and start time 'HH:MM' (24-hour). */
export const bookedSlotSchema = z.object({ date: z.string(), time: z.string() });
export type BookedSlot = z.infer<typeof bookedSlotSchema>;
export const bookedSlotsResponseSchema = z.array(bookedSlotSchema);

export const counsellorIdParamsSchema = z.object({ counsellorId: z.string().trim().min(1, counsellorMessages.notFound).max(100) });

/** Colleges a counsellor can apply for (the engineering institutes). */
export const collegeOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Addresses at these domains (or their subdomains) can receive the enrolment code; empty: upload a student ID card. */
  studentMailDomains: z.array(z.string()),
});
export const collegeOptionsResponseSchema = z.object({ data: z.array(collegeOptionSchema) });
export type CollegeOption = z.infer<typeof collegeOptionSchema>;

const timeRangeSchema = z
  .object({
    start: z.number().int().min(0).max(1410),
    end: z.number().int().min(30).max(1440),
  })
  .refine((r) => r.start % 30 === 0 && r.end % 30 === 0, { message: 'Times must be on the hour or half hour' })
  .refine((r) => r.end - r.start >= 30, { message: 'Each time range must end at least 30 minutes after it starts' });

export const availabilitySchema = z.object({
  availableDays: z
    .array(z.number().int().min(0).max(6), { error: 'Choose at least one day' })
    .min(1, 'Choose at least one day')
    .max(7)
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
  timeRanges: z
    .array(timeRangeSchema, { error: 'Add at least one time range' })
    .min(1, 'Add at least one time range')
    .max(6, 'At most 6 time ranges')
    .refine(
      (ranges) => {
        const sorted = [...ranges].sort((a, b) => a.start - b.start);
        return sorted.every((r, i) => i === 0 || r.start >= sorted[i - 1].end);
      },
      { message: 'Time ranges must not overlap' },
    ),
});

/** Control characters (other than tab and line breaks) have no place in what people write here. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControl = (label: string) => [(v: string) => !CONTROL.test(v), { message: `${label} contains characters that are not allowed` }] as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...noControl(label))
    .refine((v) => !DIRECTION_OVERRIDES.test(v), directionMessage(label))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const counsellorProfileFieldsSchema = z.object({
  name: oneLine(
    z
      .string({ error: 'Name is required' })
      .trim()
      .min(2, 'Name is required')
      .max(100, 'Name must be at most 100 characters')
      .refine(...noControl('Name')),
    'Name',
  ),
  // A number, or a form's numeric text; never a boolean or null (z.coerce would read true as 1).
  yearOfStudy: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: 'Choose your year of study' }).int('Choose your year of study').min(1, 'Choose your year of study').max(6, 'Choose your year of study'),
  ),
  program: oneLine(
    z
      .string({ error: 'Program is required' })
      .trim()
      .min(2, 'Program is required')
      .max(150, 'Program must be at most 150 characters')
      .refine(...noControl('Program')),
    'Program',
  ),
  about: multiLine(
    z
      .string({ error: 'Tell students about yourself' })
      .trim()
      .min(30, 'Tell students about yourself in at least 30 characters')
      .max(2000, 'About must be at most 2000 characters')
      .refine(...noControl('About')),
    'About',
  ),
  achievements: optionalText(2000, 'Achievements'),
  experience: optionalText(2000, 'Experience'),
});

const instituteIdSchema = z
  .string({ error: 'Choose your college' })
  .trim()
  .min(1, 'Choose your college')
  .max(100, 'Choose your college from the list')
  .regex(/^[a-z0-9-]+$/, 'Choose your college from the list');

/** How an applicant proves they study at the college (docs/decisions 0026). */
export const proofMethods = ['email', 'id-card'] as const;
export type ProofMethod = (typeof proofMethods)[number];

/** The start dialog's Counsellor entry point: one college (engineering institute id), profile and hours. */
export const counsellorApplicationSchema = counsellorProfileFieldsSchema.extend({
  instituteId: instituteIdSchema,
  ...availabilitySchema.shape,
  /**
   * The proof of enrolment: a college address verified with its code, or a student ID card uploaded
   * before applying. Absent: whichever the applicant has (the e-mail first).
   */
  proof: z.enum(proofMethods, { error: 'Choose how you prove you study there: your college e-mail or your student ID card' }).optional(),
});

export const proofMessages = {
  proofNeeded: 'Prove that you study there: verify your college e-mail address, or upload your student ID card.',
  codeSent: 'We sent a 6-digit code to that address. It is valid for 15 minutes.',
  codeWrong: 'That code is not right. Check the e-mail and try again.',
  codeExpired: 'That code has expired or was tried too often. Ask for a new one.',
} as const;

const studentEmailSchema = oneLine(
  z
    .string({ error: 'Enter your college e-mail address' })
    .trim()
    .toLowerCase()
    .min(3, 'Enter your college e-mail address')
    .max(254, 'Enter a valid e-mail address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address'),
  'The e-mail address',
);

/** Ask for a code at a college address. */
export const studentEmailStartSchema = z.object({ instituteId: instituteIdSchema, email: studentEmailSchema });
export type StudentEmailStart = z.input<typeof studentEmailStartSchema>;
/** Enter the code. */
export const studentEmailConfirmSchema = studentEmailStartSchema.extend({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type StudentEmailConfirm = z.input<typeof studentEmailConfirmSchema>;
export const studentEmailVerifiedSchema = z.object({
  data: z.object({ instituteId: z.string(), email: z.string(), verifiedAt: z.string() }),
});

/** The applicant's proof on file for their next application. */
export const proofStatusSchema = z.object({
  data: z.object({
    /** Verified college addresses, per institute. */
    emails: z.array(z.object({ instituteId: z.string(), email: z.string(), verifiedAt: z.string() })),
    idCardUploadedAt: z.string().nullable(),
    /** Rankwise's commission on each completed session, in percent (stated before applying). */
    commissionPercent: z.number(),
  }),
});
export type ProofStatus = z.infer<typeof proofStatusSchema>['data'];

/** Student ID card: a photo or scan (JPEG, PNG or WebP) up to 5 MB, sent as the raw body. */
export const ID_CARD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ID_CARD_MAX_BYTES = 5 * 1024 * 1024;
export type CounsellorApplicationInput = z.input<typeof counsellorApplicationSchema>;
export type CounsellorApplication = z.output<typeof counsellorApplicationSchema>;

/** A counsellor edits their profile and hours (the college stays; a change of college is a new application). */
export const counsellorProfileUpdateSchema = counsellorProfileFieldsSchema.extend(availabilitySchema.shape);
export type CounsellorProfileUpdateInput = z.input<typeof counsellorProfileUpdateSchema>;

export const counsellorStatuses = ['pending', 'approved', 'rejected'] as const;
export type CounsellorStatus = (typeof counsellorStatuses)[number];

/** The fields of a counsellor's profile that an edit changes and an admin reviews. */
const reviewedProfileFieldsSchema = z.object({
  name: z.string(),
  yearOfStudy: z.number().int(),
  program: z.string(),
  about: z.string(),
  achievements: z.string().nullable(),
  experience: z.string().nullable(),
  image: z.string().nullable(),
});

/** The counsellor's own view of their profile (never shown to others as is). */
export const ownCounsellorProfileSchema = z.object({
  id: z.string(),
  status: z.enum(counsellorStatuses),
  reviewNote: z.string().nullable(),
  instituteId: z.string(),
  college: z.string(),
  ...reviewedProfileFieldsSchema.shape,
  availableDays: z.array(z.number().int()),
  timeRanges: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  isDemo: z.boolean(),
  /** How enrolment was proved, and when (null until then: an ID card counts once an admin decides). */
  verificationMethod: z.enum(proofMethods).nullable(),
  verifiedEmail: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** An approved counsellor's edit waiting for an admin (the live profile is unchanged meanwhile). */
  pendingChanges: z
    .object({
      name: z.string(),
      yearOfStudy: z.number().int(),
      program: z.string(),
      about: z.string(),
      achievements: z.string().nullable(),
      experience: z.string().nullable(),
      image: z.string().nullable(),
      submittedAt: z.string(),
    })
    .nullable(),
  /** The admin's note when they last turned an edit down. */
  changeReviewNote: z.string().nullable(),
});
export type OwnCounsellorProfile = z.infer<typeof ownCounsellorProfileSchema>;
export const ownCounsellorProfileResponseSchema = z.object({ data: ownCounsellorProfileSchema.nullable() });

/** Photos: JPEG, PNG or WebP up to 5 MB, sent as the raw request body. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Admin: an application as the review page shows it. */
export const counsellorApplicationViewSchema = ownCounsellorProfileSchema.extend({
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The applicant's proof: the verified college address, or an uploaded ID card (kept until the decision). */
  proof: z.enum(proofMethods).nullable(),
  idCardUploadedAt: z.string().nullable(),
});
/** The ID card as the admin's page shows it beside the application. */
export const idCardResponseSchema = z.object({ data: z.object({ contentType: z.string(), base64: z.string(), uploadedAt: z.string() }) });

/** Admin: an approved counsellor's edit, live and proposed side by side. */
export const profileChangeViewSchema = z.object({
  counsellorId: z.string(),
  email: z.string(),
  college: z.string(),
  submittedAt: z.string(),
  live: reviewedProfileFieldsSchema,
  proposed: reviewedProfileFieldsSchema,
});
export type ProfileChangeView = z.infer<typeof profileChangeViewSchema>;
export type CounsellorApplicationView = z.infer<typeof counsellorApplicationViewSchema>;
export const counsellorApplicationsRequestSchema = z.object({ status: z.enum(counsellorStatuses).default('pending') });
/** An admin review queue's answer: the items, in `data`. */
const adminQueueOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const counsellorApplicationsResponseSchema = adminQueueOf(counsellorApplicationViewSchema);
export const profileChangesResponseSchema = adminQueueOf(profileChangeViewSchema);
export const applicationIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export const reviewApplicationRequestSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
  note: z
    .string()
    .trim()
    .max(1000, 'The note must be at most 1000 characters')
    .refine(...noControl('The note'))
    .optional(),
});
export type ReviewApplicationRequest = z.input<typeof reviewApplicationRequestSchema>;

/** Every admin endpoint's access, and the parts of a decision on one queue item (an application or an edit) by its id. */
const adminOnly = { role: 'admin' } as const;
const adminDecisionOnItem = { method: 'POST', access: adminOnly, params: applicationIdParamsSchema, body: reviewApplicationRequestSchema } as const;

/** 'Tell me when a counsellor of this college joins.' */
export const watchCollegeRequestSchema = z.object({
  instituteName: oneLine(
    z.string({ error: 'Choose a college' }).trim().min(1, 'Choose a college').max(300, 'The college name is too long'),
    'The college name',
  ),
  email: oneLine(
    z
      .string({ error: 'Enter your e-mail address' })
      .trim()
      .toLowerCase()
      .min(3, 'Enter your e-mail address')
      .max(254, 'Enter a valid e-mail address')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address'),
    'The e-mail address',
  ),
});
export const watchStopRequestSchema = z.object({ token: z.string().trim().min(10, 'This link is not valid').max(200, 'This link is not valid') });
export const messageSchema = z.object({ message: z.string() });
/** Counsellors of colleges like the one asked for (same kind of institute; same state first). */
export const similarCounsellorsResponseSchema = z.object({
  data: z.object({ college: z.string().nullable(), counsellors: z.array(counsellorSchema) }),
});

/** Ordinal year for the spec's `Year` text: 3 -> '3rd Year'. */
export function yearLabel(year: number): string {
  const suffix = year === 1 ? 'st' : year === 2 ? 'nd' : year === 3 ? 'rd' : 'th';
  return `${year}${suffix} Year`;
}

export const counsellorEndpoints = defineEndpoints('counsellors', {
  list: {
    method: 'POST',
    path: '/counselor/all',
    summary: "Approved counsellors of a college (or of every college); none answers 404 'No counsellors found'",
    access: 'public',
    body: counsellorListRequestSchema,
    responses: { 200: counsellorListResponseSchema },
  },
  colleges: {
    method: 'GET',
    path: '/counselor/colleges',
    summary: 'The colleges a counsellor can apply for',
    access: 'public',
    responses: { 200: collegeOptionsResponseSchema },
  },
  apply: {
    method: 'POST',
    path: '/counselor/apply',
    summary: 'Apply as a counsellor of one college (an admin approves)',
    access: 'user',
    body: counsellorApplicationSchema,
    responses: { 201: ownCounsellorProfileResponseSchema },
  },
  me: {
    method: 'GET',
    path: '/counselor/me',
    summary: "The signed-in user's counsellor profile and application status (data: null if none)",
    access: 'user',
    responses: { 200: ownCounsellorProfileResponseSchema },
  },
  updateMe: {
    method: 'PUT',
    path: '/counselor/me',
    summary: 'Edit your counsellor profile and weekly hours (IST)',
    access: 'user',
    body: counsellorProfileUpdateSchema,
    responses: { 200: ownCounsellorProfileResponseSchema },
  },
  uploadPhoto: {
    method: 'PUT',
    path: '/counselor/me/photo',
    summary: 'Upload your photo: the raw image as the body (image/jpeg, image/png or image/webp, at most 5 MB)',
    access: 'user',
    responses: { 200: ownCounsellorProfileResponseSchema },
  },
  myRoles: {
    method: 'GET',
    path: '/account/roles',
    summary: "The signed-in user's roles (the menu links an admin's pages)",
    access: 'user',
    responses: { 200: z.object({ data: z.object({ roles: z.array(z.enum(['admin', 'counsellor'])) }) }) },
  },
  proofStatus: {
    method: 'GET',
    path: '/counselor/proof',
    summary: "The applicant's proof of enrolment on file (verified college addresses, ID card) and Rankwise's commission",
    access: 'user',
    responses: { 200: proofStatusSchema },
  },
  startEmailProof: {
    method: 'POST',
    path: '/counselor/proof/email',
    summary: "E-mail a 6-digit code to an address at the college's own domain",
    access: 'user',
    body: studentEmailStartSchema,
    responses: { 200: messageSchema },
  },
  confirmEmailProof: {
    method: 'POST',
    path: '/counselor/proof/email/confirm',
    summary: 'Enter the code: the address proves enrolment for the next application',
    access: 'user',
    body: studentEmailConfirmSchema,
    responses: { 200: studentEmailVerifiedSchema },
  },
  uploadIdCard: {
    method: 'PUT',
    path: '/counselor/proof/id-card',
    summary: 'Upload your student ID card: the raw image as the body (JPEG, PNG or WebP, at most 5 MB); only an admin sees it, deleted after the decision',
    access: 'user',
    responses: { 200: proofStatusSchema },
  },
  watch: {
    method: 'POST',
    path: '/counselor/watch',
    summary: 'E-mail me once when a counsellor of this college joins (one click in the mail stops it)',
    access: 'optional',
    body: watchCollegeRequestSchema,
    responses: { 200: messageSchema },
  },
  stopWatch: {
    method: 'POST',
    path: '/counselor/watch/stop',
    summary: "Stop a college's 'tell me when a counsellor joins' e-mail (the token from the mail's link)",
    access: 'public',
    body: watchStopRequestSchema,
    responses: { 200: messageSchema },
  },
  similar: {
    method: 'POST',
    path: '/counselor/similar',
    summary: 'Counsellors of colleges like this one (same kind of institute, same state first), for a college with none',
    access: 'public',
    body: counsellorListRequestSchema,
    responses: { 200: similarCounsellorsResponseSchema },
  },
  applicationIdCard: {
    method: 'GET',
    path: '/admin/counsellor-applications/{id}/id-card',
    summary: "Admin: the applicant's student ID card (kept until the decision)",
    access: adminOnly,
    params: applicationIdParamsSchema,
    responses: { 200: idCardResponseSchema },
  },
  profileChanges: {
    method: 'GET',
    path: '/admin/profile-changes',
    summary: "Admin: approved counsellors' edits waiting for review, live and proposed",
    access: adminOnly,
    responses: { 200: profileChangesResponseSchema },
  },
  reviewProfileChange: {
    ...adminDecisionOnItem,
    path: '/admin/profile-changes/{id}/review',
    summary: "Admin: publish or turn down a counsellor's edit (a note is required to turn it down)",
    responses: { 200: messageSchema },
  },
  applications: {
    method: 'GET',
    path: '/admin/counsellor-applications',
    summary: 'Admin: counsellor applications by status',
    access: adminOnly,
    query: counsellorApplicationsRequestSchema,
    responses: { 200: counsellorApplicationsResponseSchema },
  },
  review: {
    ...adminDecisionOnItem,
    path: '/admin/counsellor-applications/{id}/review',
    summary: 'Admin: approve or reject a counsellor application',
    responses: { 200: z.object({ data: counsellorApplicationViewSchema }) },
  },
});
