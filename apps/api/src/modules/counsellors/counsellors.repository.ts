import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { counsellors, type TimeRange } from '../../db/schema/counsellors.ts';
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
};

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
};

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
      v: CounsellorFields & { userId: string; instituteId: string; instituteName: string; isDemo?: boolean; status?: CounsellorStatus },
    ): Promise<string> {
      const [row] = await db
        .insert(counsellors)
        .values({ ...v, status: v.status ?? 'pending', isDemo: v.isDemo ?? false })
        .returning({ id: counsellors.id });
      return row.id;
    },
    /** A rejected applicant applies again: the same record, back to pending with the new details. */
    async reapply(id: string, v: CounsellorFields & { instituteId: string; instituteName: string }): Promise<void> {
      await db
        .update(counsellors)
        .set({ ...v, status: 'pending', reviewNote: null, reviewedAt: null, reviewedBy: null, updatedAt: new Date() })
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
    /** Decides a pending application; false when it was not pending (decided by someone else meanwhile). */
    async review(id: string, v: { status: 'approved' | 'rejected'; note: string | null; reviewerId: string }): Promise<boolean> {
      const rows = await db
        .update(counsellors)
        .set({ status: v.status, reviewNote: v.note, reviewedAt: new Date(), reviewedBy: v.reviewerId, updatedAt: new Date() })
        .where(and(eq(counsellors.id, id), inArray(counsellors.status, ['pending'])))
        .returning({ id: counsellors.id });
      return rows.length > 0;
    },
    async listInstitutes(): Promise<{ id: string; name: string; shortName: string }[]> {
      return db
        .select({ id: engineeringInstitutes.id, name: engineeringInstitutes.name, shortName: engineeringInstitutes.shortName })
        .from(engineeringInstitutes)
        .orderBy(asc(engineeringInstitutes.name));
    },
    async findInstitute(id: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: engineeringInstitutes.id, name: engineeringInstitutes.name })
        .from(engineeringInstitutes)
        .where(eq(engineeringInstitutes.id, id));
      return row ?? null;
    },
  };
}
export type CounsellorsRepository = ReturnType<typeof createCounsellorsRepository>;
