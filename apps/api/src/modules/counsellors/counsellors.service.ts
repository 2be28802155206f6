import {
  counsellorMessages,
  formatDays,
  formatTimeRanges,
  yearLabel,
  type CollegeOption,
  type Counsellor,
  type CounsellorApplication,
  type CounsellorApplicationView,
  type OwnCounsellorProfile,
} from '@rankwise/contract/counsellors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { instituteAliases, nameKey } from '../../data/josaa/institute-aliases.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRolesRepository } from '../auth/roles.repository.ts';
import { createCounsellorsRepository, type CounsellorFields, type CounsellorRecord, type CounsellorsRepository } from './counsellors.repository.ts';
import { photoUrl, type PhotoStore } from './photos.ts';

export type Ratings = (counsellorIds: string[]) => Promise<Map<string, { average: number; count: number }>>;

export type CounsellorsDeps = {
  db: Db;
  repo: CounsellorsRepository;
  photos: PhotoStore;
  /** Review averages (the reviews feature); none yet means every counsellor shows no rating. */
  ratings: Ratings;
  log: FastifyBaseLogger;
};

/** 'rahul.k@nitgoa.ac.in' -> 'r***@n***.in': enough to recognise, never enough to write to. */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

function toPublic(c: CounsellorRecord, rating: { average: number; count: number } | undefined): Counsellor {
  return {
    _id: c.id,
    Name: c.name,
    College: c.instituteName,
    Year: yearLabel(c.yearOfStudy),
    About: c.about,
    Image: photoUrl(c.photoKey),
    Email: maskEmail(c.email),
    AvailableTimeSlots: formatTimeRanges(c.timeRanges),
    AvailableDays: formatDays(c.availableDays),
    instituteId: c.instituteId,
    program: c.program,
    achievements: c.achievements || null,
    experience: c.experience || null,
    averageRating: rating ? Math.round(rating.average * 10) / 10 : null,
    reviewCount: rating?.count ?? 0,
    isDemo: c.isDemo,
  };
}

function toOwn(c: CounsellorRecord): OwnCounsellorProfile {
  return {
    id: c.id,
    status: c.status,
    reviewNote: c.reviewNote,
    instituteId: c.instituteId,
    college: c.instituteName,
    name: c.name,
    yearOfStudy: c.yearOfStudy,
    program: c.program,
    about: c.about,
    achievements: c.achievements,
    experience: c.experience,
    image: photoUrl(c.photoKey),
    availableDays: c.availableDays,
    timeRanges: c.timeRanges,
    isDemo: c.isDemo,
  };
}

/**
 * The college the page names, as an institute id: its id, its name or short name as results show
 * them, or a known other spelling (the importer's reviewed alias table).
 */
export async function resolveInstitute(d: Pick<CounsellorsDeps, 'repo'>, text: string): Promise<string | null> {
  const institutes = await d.repo.listInstitutes();
  const byId = institutes.find((i) => i.id === text.trim().toLowerCase());
  if (byId) return byId.id;
  let key = nameKey(text);
  const aliasTarget = Object.entries(instituteAliases).find(([from]) => nameKey(from) === key)?.[1];
  if (aliasTarget) key = nameKey(aliasTarget);
  return institutes.find((i) => nameKey(i.name) === key || (i.shortName && nameKey(i.shortName) === key))?.id ?? null;
}

/** `POST /counselor/all`: approved counsellors of a college, or all of them; none is a 404 'No counsellors found'. */
export async function listCounsellors(d: CounsellorsDeps, instituteName: string | undefined): Promise<{ data: Counsellor[] }> {
  let instituteId: string | undefined;
  if (instituteName) {
    const found = await resolveInstitute(d, instituteName);
    if (!found) throw new AppError('NOT_FOUND', counsellorMessages.noneFound);
    instituteId = found;
  }
  const list = await d.repo.listApproved(instituteId);
  if (list.length === 0) throw new AppError('NOT_FOUND', counsellorMessages.noneFound);
  const ratings = await d.ratings(list.map((c) => c.id));
  return { data: list.map((c) => toPublic(c, ratings.get(c.id))) };
}

/** An approved counsellor, for booking; anyone else is 'Counsellor not found'. */
export async function findBookableCounsellor(d: Pick<CounsellorsDeps, 'repo'>, id: string): Promise<CounsellorRecord> {
  const c = await d.repo.findById(id);
  if (!c || c.status !== 'approved') throw new AppError('NOT_FOUND', counsellorMessages.notFound);
  return c;
}

export async function listColleges(d: CounsellorsDeps): Promise<{ data: CollegeOption[] }> {
  return { data: (await d.repo.listInstitutes()).map((i) => ({ id: i.id, name: i.name })) };
}

export async function ownProfile(d: CounsellorsDeps, userId: string): Promise<{ data: OwnCounsellorProfile | null }> {
  const c = await d.repo.findByUserId(userId);
  return { data: c ? toOwn(c) : null };
}

const fieldsOf = (v: Omit<CounsellorApplication, 'instituteId'>): CounsellorFields => ({
  name: v.name,
  yearOfStudy: v.yearOfStudy,
  program: v.program,
  about: v.about,
  achievements: v.achievements,
  experience: v.experience,
  availableDays: v.availableDays,
  timeRanges: v.timeRanges,
});

/** The start dialog's Counsellor entry point: one application per account, for one college; an admin decides. */
export async function apply(d: CounsellorsDeps, userId: string, v: CounsellorApplication): Promise<{ data: OwnCounsellorProfile }> {
  const institute = await d.repo.findInstitute(v.instituteId);
  if (!institute) throw new AppError('VALIDATION_FAILED', 'Choose your college from the list', { instituteId: ['Choose your college from the list'] });
  const existing = await d.repo.findByUserId(userId);
  if (existing?.status === 'approved') throw new AppError('CONFLICT', 'You are already a counsellor. Edit your profile instead.');
  if (existing?.status === 'pending') throw new AppError('CONFLICT', 'Your application is already under review.');
  const fields = { ...fieldsOf(v), instituteId: institute.id, instituteName: institute.name };
  if (existing) await d.repo.reapply(existing.id, fields);
  else await d.repo.insert({ ...fields, userId });
  return { data: toOwn((await d.repo.findByUserId(userId))!) };
}

/** A counsellor (or an applicant under review) edits their profile and hours. */
export async function updateOwnProfile(
  d: CounsellorsDeps,
  userId: string,
  v: Omit<CounsellorApplication, 'instituteId'>,
): Promise<{ data: OwnCounsellorProfile }> {
  const c = await d.repo.findByUserId(userId);
  if (!c) throw new AppError('NOT_FOUND', 'You have not applied as a counsellor yet.');
  if (c.status === 'rejected') throw new AppError('CONFLICT', 'Your application was not approved. Apply again with updated details.');
  await d.repo.updateProfile(c.id, fieldsOf(v));
  return { data: toOwn((await d.repo.findByUserId(userId))!) };
}

export async function uploadOwnPhoto(
  d: CounsellorsDeps,
  userId: string,
  bytes: Buffer,
  contentType: string | undefined,
): Promise<{ data: OwnCounsellorProfile }> {
  const c = await d.repo.findByUserId(userId);
  if (!c) throw new AppError('NOT_FOUND', 'Apply as a counsellor before adding a photo.');
  const key = await d.photos.store(bytes, contentType);
  await d.repo.setPhoto(c.id, key);
  if (c.photoKey) await d.photos.remove(c.photoKey).catch((err: unknown) => d.log.warn({ err }, 'old counsellor photo not removed'));
  return { data: toOwn((await d.repo.findByUserId(userId))!) };
}

function toView(c: CounsellorRecord): CounsellorApplicationView {
  return { ...toOwn(c), username: c.username, email: c.email, createdAt: c.createdAt.toISOString(), reviewedAt: c.reviewedAt?.toISOString() ?? null };
}

/** Admin: applications by status (the route requires the admin role, read from the database). */
export async function listApplications(d: CounsellorsDeps, status: CounsellorRecord['status']): Promise<{ data: CounsellorApplicationView[] }> {
  return { data: (await d.repo.listByStatus(status)).map(toView) };
}

/** Admin: approve (listed from now on, and given the counsellor role) or reject, with an optional note to the applicant. */
export async function reviewApplication(
  d: CounsellorsDeps,
  adminId: string,
  id: string,
  decision: 'approve' | 'reject',
  note: string | undefined,
): Promise<{ data: CounsellorApplicationView }> {
  const c = await d.repo.findById(id);
  if (!c) throw new AppError('NOT_FOUND', 'No such application.');
  const status = decision === 'approve' ? 'approved' : 'rejected';
  await d.db.transaction(async (tx) => {
    const decided = await createCounsellorsRepository(tx).review(id, { status, note: note?.trim() || null, reviewerId: adminId });
    if (!decided) throw new AppError('CONFLICT', `This application was already ${c.status}.`);
    if (status === 'approved') await createRolesRepository(tx).grant(c.userId, 'counsellor');
  });
  return { data: toView((await d.repo.findById(id))!) };
}
