import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import {
  collegeWatchers,
  counsellorIdCards,
  counsellorPayoutDetails,
  counsellors,
  studentEmailCodes,
  type PendingProfile,
  type TimeRange,
} from '../../db/schema/counsellors.ts';
import { engineeringInstitutes } from '../../db/schema/engineering.ts';
import { isUuid } from '../../lib/uuid.ts';

export type CounsellorStatus = 'pending' | 'approved' | 'rejected';

/** What a counsellor writes about themself and their hours (applying, or editing their profile). */
export type CounsellorFields = {
  name: string;
  yearOfStudy: number;
  program: string;
  about: string;
  achievements: string | null;
  experience: string | null;
  availableDays: number[];
  timeRanges: TimeRange[];
};

/** A counsellor's record with the account it belongs to. */
export type CounsellorRecord = CounsellorFields & {
  id: string;
  userId: string;
  username: string;
  email: string;
  instituteId: string;
  instituteName: string;
  photoKey: string | null;
  status: CounsellorStatus;
  reviewNote: string | null;
  reviewedAt: Date | null;
  isDemo: boolean;
  createdAt: Date;
  verificationMethod: 'email' | 'id-card' | null;
  verifiedEmail: string | null;
  verifiedAt: Date | null;
  pendingChanges: PendingProfile | null;
  pendingSubmittedAt: Date | null;
  changeReviewNote: string | null;
};

export type PayoutDetailsRow = typeof counsellorPayoutDetails.$inferSelect;

const columns = {
  id: counsellors.id,
  userId: counsellors.userId,
  username: users.username,
  email: users.email,
  instituteId: counsellors.instituteId,
  // The institute's current name when the data has it; else the name it had when the counsellor applied.
  instituteName: sql<string>`coalesce(${engineeringInstitutes.name}, ${counsellors.instituteName})`,
  name: counsellors.name,
  yearOfStudy: counsellors.yearOfStudy,
  program: counsellors.program,
  about: counsellors.about,
  achievements: counsellors.achievements,
  experience: counsellors.experience,
  photoKey: counsellors.photoKey,
  availableDays: counsellors.availableDays,
  timeRanges: counsellors.timeRanges,
  status: counsellors.status,
  reviewNote: counsellors.reviewNote,
  reviewedAt: counsellors.reviewedAt,
  isDemo: counsellors.isDemo,
  createdAt: counsellors.createdAt,
  verificationMethod: counsellors.verificationMethod,
  verifiedEmail: counsellors.verifiedEmail,
  verifiedAt: counsellors.verifiedAt,
  pendingChanges: counsellors.pendingChanges,
  pendingSubmittedAt: counsellors.pendingSubmittedAt,
  changeReviewNote: counsellors.changeReviewNote,
};

type Proof = { verificationMethod: 'email' | 'id-card'; verifiedEmail: string | null; verifiedAt: Date | null };

export function createCounsellorsRepository(db: Db) {
  const base = () =>
    db
      .select(columns)
      .from(counsellors)
      .innerJoin(users, eq(users.id, counsellors.userId))
      .leftJoin(engineeringInstitutes, eq(engineeringInstitutes.id, counsellors.instituteId));

  return {
    /** Approved counsellors, of one institute or all; demo counsellors after real ones. */
    async listApproved(instituteId?: string): Promise<CounsellorRecord[]> {
      const where = instituteId ? and(eq(counsellors.status, 'approved'), eq(counsellors.instituteId, instituteId)) : eq(counsellors.status, 'approved');
      return (await base().where(where).orderBy(asc(counsellors.isDemo), asc(counsellors.name), asc(counsellors.id))) as CounsellorRecord[];
    },
    /** Approved counsellors of any of these institutes (real ones first). */
    async listApprovedIn(instituteIds: string[]): Promise<CounsellorRecord[]> {
      if (instituteIds.length === 0) return [];
      return (await base()
        .where(and(eq(counsellors.status, 'approved'), inArray(counsellors.instituteId, instituteIds)))
        .orderBy(asc(counsellors.isDemo), asc(counsellors.name), asc(counsellors.id))
        .limit(200)) as CounsellorRecord[];
    },
    async findById(id: string): Promise<CounsellorRecord | null> {
      if (!isUuid(id)) return null;
      const [row] = await base().where(eq(counsellors.id, id));
      return (row as CounsellorRecord | undefined) ?? null;
    },
    async findByUserId(userId: string): Promise<CounsellorRecord | null> {
      const [row] = await base().where(eq(counsellors.userId, userId));
      return (row as CounsellorRecord | undefined) ?? null;
    },
    async listByStatus(status: CounsellorStatus): Promise<CounsellorRecord[]> {
      return (await base()
        .where(eq(counsellors.status, status))
        .orderBy(status === 'pending' ? asc(counsellors.createdAt) : desc(counsellors.reviewedAt))
        .limit(500)) as CounsellorRecord[];
    },
    async insert(
      v: CounsellorFields & Partial<Proof> & { userId: string; instituteId: string; instituteName: string; isDemo?: boolean; status?: CounsellorStatus },
    ): Promise<string> {
      const [row] = await db
        .insert(counsellors)
        .values({ ...v, status: v.status ?? 'pending', isDemo: v.isDemo ?? false })
        .returning({ id: counsellors.id });
      return row.id;
    },
    /** A rejected applicant applies again: the same record, back to pending with the new details. */
    async reapply(id: string, v: CounsellorFields & Proof & { instituteId: string; instituteName: string }): Promise<void> {
      await db
        .update(counsellors)
        .set({
          ...v,
          status: 'pending',
          reviewNote: null,
          reviewedAt: null,
          reviewedBy: null,
          pendingChanges: null,
          pendingSubmittedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(counsellors.id, id));
    },
    async updateProfile(id: string, v: CounsellorFields): Promise<void> {
      await db
        .update(counsellors)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(counsellors.id, id));
    },
    async setPhoto(id: string, photoKey: string): Promise<void> {
      await db.update(counsellors).set({ photoKey, updatedAt: new Date() }).where(eq(counsellors.id, id));
    },
    /** Hours change at once, also for an approved counsellor. */
    async updateAvailability(id: string, v: Pick<CounsellorFields, 'availableDays' | 'timeRanges'>): Promise<void> {
      await db
        .update(counsellors)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(counsellors.id, id));
    },
    /** Records (or clears) an approved counsellor's edit waiting for an admin; the live fields stay. */
    async setPendingChanges(id: string, pending: PendingProfile | null, submittedAt: Date | null): Promise<void> {
      await db.update(counsellors).set({ pendingChanges: pending, pendingSubmittedAt: submittedAt, updatedAt: new Date() }).where(eq(counsellors.id, id));
    },
    /** Counsellors with an edit waiting, oldest first. */
    async listPendingChanges(): Promise<CounsellorRecord[]> {
      return (await base().where(isNotNull(counsellors.pendingChanges)).orderBy(asc(counsellors.pendingSubmittedAt)).limit(500)) as CounsellorRecord[];
    },
    /**
     * Publishes the waiting edit exactly as the admin saw it (the `submittedAt` they reviewed); false
     * when it changed or went meanwhile.
     */
    async publishPendingChanges(id: string, submittedAt: Date, v: PendingProfile): Promise<boolean> {
      const rows = await db
        .update(counsellors)
        .set({
          name: v.name,
          yearOfStudy: v.yearOfStudy,
          program: v.program,
          about: v.about,
          achievements: v.achievements,
          experience: v.experience,
          photoKey: v.photoKey,
          pendingChanges: null,
          pendingSubmittedAt: null,
          changeReviewNote: null,
          updatedAt: new Date(),
        })
        .where(and(eq(counsellors.id, id), eq(counsellors.pendingSubmittedAt, submittedAt)))
        .returning({ id: counsellors.id });
      return rows.length > 0;
    },
    async discardPendingChanges(id: string, submittedAt: Date, note: string): Promise<boolean> {
      const rows = await db
        .update(counsellors)
        .set({ pendingChanges: null, pendingSubmittedAt: null, changeReviewNote: note, updatedAt: new Date() })
        .where(and(eq(counsellors.id, id), eq(counsellors.pendingSubmittedAt, submittedAt)))
        .returning({ id: counsellors.id });
      return rows.length > 0;
    },
    /** Decides a pending application; false when it was not pending (decided by someone else meanwhile). */
    async review(
      id: string,
      v: { status: 'approved' | 'rejected'; note: string | null; reviewerId: string; verifiedAt?: Date | null; at?: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(counsellors)
        .set({
          status: v.status,
          reviewNote: v.note,
          reviewedAt: v.at ?? new Date(),
          reviewedBy: v.reviewerId,
          updatedAt: new Date(),
          ...(v.verifiedAt !== undefined ? { verifiedAt: v.verifiedAt } : {}),
        })
        .where(and(eq(counsellors.id, id), inArray(counsellors.status, ['pending'])))
        .returning({ id: counsellors.id });
      return rows.length > 0;
    },
    async listInstitutes(): Promise<{ id: string; name: string; shortName: string; website: string | null; type: string; state: string | null }[]> {
      return db
        .select({
          id: engineeringInstitutes.id,
          name: engineeringInstitutes.name,
          shortName: engineeringInstitutes.shortName,
          website: engineeringInstitutes.website,
          type: engineeringInstitutes.type,
          state: engineeringInstitutes.state,
        })
        .from(engineeringInstitutes)
        .orderBy(asc(engineeringInstitutes.name));
    },
    async findInstitute(id: string): Promise<{ id: string; name: string; website: string | null } | null> {
      const [row] = await db
        .select({ id: engineeringInstitutes.id, name: engineeringInstitutes.name, website: engineeringInstitutes.website })
        .from(engineeringInstitutes)
        .where(eq(engineeringInstitutes.id, id));
      return row ?? null;
    },

    // Proof of enrolment (docs/decisions 0026).
    async insertEmailCode(v: { userId: string; instituteId: string; email: string; codeHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(studentEmailCodes).values(v);
    },
    /** Codes sent to a user since a time (a limit on how many they may ask for). */
    async countEmailCodesSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(studentEmailCodes)
        .where(and(eq(studentEmailCodes.userId, userId), gt(studentEmailCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    /** The newest unverified code for this address and college. */
    async latestEmailCode(userId: string, instituteId: string, email: string) {
      const [row] = await db
        .select()
        .from(studentEmailCodes)
        .where(
          and(
            eq(studentEmailCodes.userId, userId),
            eq(studentEmailCodes.instituteId, instituteId),
            eq(studentEmailCodes.email, email),
            isNull(studentEmailCodes.verifiedAt),
          ),
        )
        .orderBy(desc(studentEmailCodes.createdAt))
        .limit(1);
      return row ?? null;
    },
    async countEmailCodeAttempt(id: string): Promise<void> {
      await db
        .update(studentEmailCodes)
        .set({ attempts: sql`${studentEmailCodes.attempts} + 1` })
        .where(eq(studentEmailCodes.id, id));
    },
    async markEmailCodeVerified(id: string, at: Date): Promise<void> {
      await db.update(studentEmailCodes).set({ verifiedAt: at }).where(eq(studentEmailCodes.id, id));
    },
    /** The user's verified college addresses, newest first. */
    async verifiedEmails(userId: string): Promise<{ instituteId: string; email: string; verifiedAt: Date }[]> {
      const rows = await db
        .select({ instituteId: studentEmailCodes.instituteId, email: studentEmailCodes.email, verifiedAt: studentEmailCodes.verifiedAt })
        .from(studentEmailCodes)
        .where(and(eq(studentEmailCodes.userId, userId), isNotNull(studentEmailCodes.verifiedAt)))
        .orderBy(desc(studentEmailCodes.verifiedAt));
      return rows as { instituteId: string; email: string; verifiedAt: Date }[];
    },
    /** Whether another counsellor already proved enrolment with this address. */
    async emailUsedByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: counsellors.id })
        .from(counsellors)
        .where(and(eq(counsellors.verifiedEmail, email), ne(counsellors.userId, userId)))
        .limit(1);
      return Boolean(row);
    },
    async saveIdCard(userId: string, content: Buffer, contentType: string, at: Date): Promise<void> {
      await db
        .insert(counsellorIdCards)
        .values({ userId, content, contentType, uploadedAt: at })
        .onConflictDoUpdate({ target: counsellorIdCards.userId, set: { content, contentType, uploadedAt: at } });
    },
    async idCardUploadedAt(userId: string): Promise<Date | null> {
      const [row] = await db.select({ at: counsellorIdCards.uploadedAt }).from(counsellorIdCards).where(eq(counsellorIdCards.userId, userId));
      return row?.at ?? null;
    },
    async idCard(userId: string): Promise<{ content: Buffer; contentType: string; uploadedAt: Date } | null> {
      const [row] = await db
        .select({ content: counsellorIdCards.content, contentType: counsellorIdCards.contentType, uploadedAt: counsellorIdCards.uploadedAt })
        .from(counsellorIdCards)
        .where(eq(counsellorIdCards.userId, userId));
      return row ?? null;
    },
    async deleteIdCard(userId: string): Promise<void> {
      await db.delete(counsellorIdCards).where(eq(counsellorIdCards.userId, userId));
    },

    // Payout details (shown masked after entry).
    async payoutDetails(counsellorId: string): Promise<PayoutDetailsRow | null> {
      const [row] = await db.select().from(counsellorPayoutDetails).where(eq(counsellorPayoutDetails.counsellorId, counsellorId));
      return row ?? null;
    },
    async savePayoutDetails(v: Omit<PayoutDetailsRow, 'updatedAt'>, at: Date): Promise<void> {
      await db
        .insert(counsellorPayoutDetails)
        .values({ ...v, updatedAt: at })
        .onConflictDoUpdate({ target: counsellorPayoutDetails.counsellorId, set: { ...v, updatedAt: at } });
    },

    // 'Tell me when a counsellor joins'.
    /**
     * Adds (or renews, once told or stopped) a request; false when the same one is already waiting,
     * so asking again sends no second mail (a stranger cannot fill someone's inbox by asking often).
     */
    async addWatcher(v: { instituteId: string; email: string; userId: string | null; stopToken: string }): Promise<boolean> {
      const rows = await db
        .insert(collegeWatchers)
        .values(v)
        .onConflictDoUpdate({
          target: [collegeWatchers.instituteId, collegeWatchers.email],
          set: { notifiedAt: null, stopToken: v.stopToken, createdAt: sql`now()` },
          setWhere: isNotNull(collegeWatchers.notifiedAt),
        })
        .returning({ id: collegeWatchers.id });
      return rows.length > 0;
    },
    async stopWatcher(stopToken: string): Promise<{ instituteId: string } | null> {
      const [row] = await db.delete(collegeWatchers).where(eq(collegeWatchers.stopToken, stopToken)).returning({ instituteId: collegeWatchers.instituteId });
      return row ?? null;
    },
    /** Claims the watchers of a college not yet told (so each is told once). */
    async claimWatchers(instituteId: string, at: Date): Promise<{ email: string; stopToken: string }[]> {
      return db
        .update(collegeWatchers)
        .set({ notifiedAt: at })
        .where(and(eq(collegeWatchers.instituteId, instituteId), isNull(collegeWatchers.notifiedAt)))
        .returning({ email: collegeWatchers.email, stopToken: collegeWatchers.stopToken });
    },
  };
}
export type CounsellorsRepository = ReturnType<typeof createCounsellorsRepository>;
