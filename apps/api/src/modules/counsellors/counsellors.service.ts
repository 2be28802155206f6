import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  counsellorMessages,
  formatDays,
  formatTimeRanges,
  ID_CARD_MAX_BYTES,
  ID_CARD_TYPES,
  proofMessages,
  verifiedStudentText,
  yearLabel,
  type CollegeOption,
  type Counsellor,
  type CounsellorApplication,
  type CounsellorApplicationView,
  type OwnCounsellorProfile,
  type ProfileChangeView,
  type ProofMethod,
  type ProofStatus,
} from '@rankwise/contract/counsellors';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { PendingProfile } from '../../db/schema/counsellors.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { instituteAliases, nameKey } from '../../data/josaa/institute-aliases.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { createRolesRepository } from '../auth/auth.service.ts';
import type { CounsellorFields, CounsellorRecord, CounsellorsRepository } from './counsellors.repository.ts';
import {
  applicationApprovedMail,
  applicationRejectedMail,
  counsellorJoinedMail,
  profileChangeMail,
  studentCodeMail,
  watchConfirmMail,
  type CounsellorMailSettings,
} from './counsellor-mail.ts';
import { photoUrl, type PhotoStore } from './photos.ts';
import { isAddressAt, studentMailDomains } from './student-mail-domains.ts';

// What other modules use of this one (they reach a module only through its service).
export { createCounsellorsRepository, type CounsellorRecord, type CounsellorsRepository, type PayoutDetailsRow } from './counsellors.repository.ts';

export type Ratings = (counsellorIds: string[]) => Promise<Map<string, { average: number; count: number }>>;

export type CounsellorsDeps = {
  /** This module's repositories, and the roles it grants, over one unit of work. */
  uow: UnitOfWork<{ counsellors: CounsellorsRepository; roles: ReturnType<typeof createRolesRepository> }>;
  /** `uow.store.counsellors`: the pool's repository, which other modules read too. */
  repo: CounsellorsRepository;
  photos: PhotoStore;
  /** Review averages (the reviews feature); none yet means every counsellor shows no rating. */
  ratings: Ratings;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  settings: CounsellorMailSettings;
  /** Keys the hashes of e-mailed codes. */
  codeSecret: string;
  now(): Date;
};

/** A code lasts this long and allows this many tries; a user may ask for this many codes a day. */
const CODE_TTL_MS = 15 * 60_000;
const CODE_TRIES = 5;
const CODES_PER_DAY = 10;

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
    verifiedStudent: c.verificationMethod && c.verifiedAt ? verifiedStudentText(c.instituteName, c.yearOfStudy) : null,
    verifiedAt: c.verificationMethod && c.verifiedAt ? c.verifiedAt.toISOString() : null,
    verifiedBy: c.verificationMethod && c.verifiedAt ? c.verificationMethod : null,
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
    verificationMethod: c.verificationMethod,
    verifiedEmail: c.verifiedEmail,
    verifiedAt: c.verifiedAt?.toISOString() ?? null,
    pendingChanges:
      c.pendingChanges && c.pendingSubmittedAt
        ? { ...withoutPhotoKey(c.pendingChanges), image: photoUrl(c.pendingChanges.photoKey), submittedAt: c.pendingSubmittedAt.toISOString() }
        : null,
    changeReviewNote: c.changeReviewNote,
  };
}

function withoutPhotoKey(p: PendingProfile): Omit<PendingProfile, 'photoKey'> {
  return { name: p.name, yearOfStudy: p.yearOfStudy, program: p.program, about: p.about, achievements: p.achievements, experience: p.experience };
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
  return { data: (await d.repo.listInstitutes()).map((i) => ({ id: i.id, name: i.name, studentMailDomains: studentMailDomains(i.id, i.website) })) };
}

/**
 * For a college with no counsellor yet: approved counsellors of colleges of the same kind (IIT, NIT,
 * IIIT, GFTI), those in the same state first. Never a 404: an empty list is an answer here.
 */
export async function similarCounsellors(
  d: CounsellorsDeps,
  instituteName: string | undefined,
): Promise<{ data: { college: string | null; counsellors: Counsellor[] } }> {
  const institutes = await d.repo.listInstitutes();
  const id = instituteName ? await resolveInstitute(d, instituteName) : null;
  const self = institutes.find((i) => i.id === id);
  if (!self) return { data: { college: null, counsellors: [] } };
  const sameKind = institutes.filter((i) => i.type === self.type && i.id !== self.id);
  const list = await d.repo.listApprovedIn(sameKind.map((i) => i.id));
  const stateOf = new Map(institutes.map((i) => [i.id, i.state]));
  const ordered = [...list].sort(
    (a, b) => Number(stateOf.get(b.instituteId) === self.state) - Number(stateOf.get(a.instituteId) === self.state) || Number(a.isDemo) - Number(b.isDemo),
  );
  const picked = ordered.slice(0, 6);
  const ratings = await d.ratings(picked.map((c) => c.id));
  return { data: { college: self.name, counsellors: picked.map((c) => toPublic(c, ratings.get(c.id))) } };
}

/** 'Tell me when a counsellor of this college joins': one e-mail when one is approved; the link in every mail stops it. */
export async function watchCollege(d: CounsellorsDeps, userId: string | null, v: { instituteName: string; email: string }): Promise<{ message: string }> {
  const id = await resolveInstitute(d, v.instituteName);
  const institute = id ? await d.repo.findInstitute(id) : null;
  if (!institute) throw new AppError('VALIDATION_FAILED', 'Choose a college from the list', { instituteName: ['Choose a college from the list'] });
  const stopToken = randomBytes(24).toString('base64url');
  await d.uow.transaction(async ({ counsellors, tx }) => {
    const added = await counsellors.addWatcher({ instituteId: institute.id, email: v.email, userId, stopToken });
    if (added) await d.jobs.enqueue('mail', watchConfirmMail(d.settings, { to: v.email, college: institute.name, stopToken }), { db: tx });
  });
  return { message: `We will e-mail ${v.email} once when a counsellor from ${institute.name} joins.` };
}

export async function stopWatching(d: CounsellorsDeps, token: string): Promise<{ message: string }> {
  const stopped = await d.repo.stopWatcher(token);
  return { message: stopped ? 'Done: you will get no e-mail about this college.' : 'Nothing to stop: this request was already stopped or has been answered.' };
}

const hashCode = (d: Pick<CounsellorsDeps, 'codeSecret'>, id: string, code: string) => createHmac('sha256', d.codeSecret).update(`${id}:${code}`).digest('hex');

/** The signed-in user's roles, for the menu (every admin call checks the role again). */
export async function myRoles(d: CounsellorsDeps, userId: string): Promise<{ data: { roles: ('admin' | 'counsellor')[] } }> {
  return { data: { roles: await d.uow.store.roles.listRoles(userId) } };
}

/** The applicant's proof on file, and Rankwise's commission (stated before applying). */
export async function proofStatus(d: CounsellorsDeps, userId: string): Promise<{ data: ProofStatus }> {
  const emails = await d.repo.verifiedEmails(userId);
  const card = await d.repo.idCardUploadedAt(userId);
  return {
    data: {
      emails: emails.map((e) => ({ instituteId: e.instituteId, email: e.email, verifiedAt: e.verifiedAt.toISOString() })),
      idCardUploadedAt: card?.toISOString() ?? null,
      commissionPercent: d.settings.commissionPercent,
    },
  };
}

/** E-mails a 6-digit code to an address at the college's own domain (docs/decisions 0026). */
export async function startEmailProof(d: CounsellorsDeps, userId: string, v: { instituteId: string; email: string }): Promise<{ message: string }> {
  const institute = await d.repo.findInstitute(v.instituteId);
  if (!institute) throw new AppError('VALIDATION_FAILED', 'Choose your college from the list', { instituteId: ['Choose your college from the list'] });
  const domains = studentMailDomains(institute.id, institute.website);
  if (domains.length === 0) {
    const message = `We do not know the student mail domain of ${institute.name}. Upload your student ID card instead.`;
    throw new AppError('VALIDATION_FAILED', message, { email: [message] });
  }
  if (!isAddressAt(v.email, domains)) {
    const message = `Use your student address at ${domains.map((x) => `@${x}`).join(' or ')} (a subdomain of it is fine), or upload your student ID card.`;
    throw new AppError('VALIDATION_FAILED', message, { email: [message] });
  }
  if (await d.repo.emailUsedByOther(v.email, userId)) throw new AppError('CONFLICT', 'Another counsellor already proved enrolment with this address.');
  const now = d.now();
  if ((await d.repo.countEmailCodesSince(userId, new Date(now.getTime() - 24 * 3600_000))) >= CODES_PER_DAY) {
    throw new AppError('RATE_LIMITED', 'You asked for many codes today. Try again tomorrow, or upload your student ID card.');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(8).toString('hex');
  await d.uow.transaction(async ({ counsellors, tx }) => {
    await counsellors.insertEmailCode({
      userId,
      instituteId: institute.id,
      email: v.email,
      codeHash: `${salt}:${hashCode(d, salt, code)}`,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await d.jobs.enqueue('mail', studentCodeMail(d.settings, { to: v.email, code, college: institute.name }), { db: tx });
  });
  return { message: proofMessages.codeSent };
}

export async function confirmEmailProof(
  d: CounsellorsDeps,
  userId: string,
  v: { instituteId: string; email: string; code: string },
): Promise<{ data: { instituteId: string; email: string; verifiedAt: string } }> {
  const row = await d.repo.latestEmailCode(userId, v.instituteId, v.email);
  const now = d.now();
  if (!row || row.expiresAt <= now || row.attempts >= CODE_TRIES)
    throw new AppError('VALIDATION_FAILED', proofMessages.codeExpired, { code: [proofMessages.codeExpired] });
  await d.repo.countEmailCodeAttempt(row.id);
  const [salt, hash] = row.codeHash.split(':');
  const given = Buffer.from(hashCode(d, salt, v.code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(hash, 'hex'))) throw new AppError('VALIDATION_FAILED', proofMessages.codeWrong, { code: [proofMessages.codeWrong] });
  await d.repo.markEmailCodeVerified(row.id, now);
  return { data: { instituteId: row.instituteId, email: row.email, verifiedAt: now.toISOString() } };
}

/** Stores a student ID card privately (a readable image, re-encoded; only an admin sees it; deleted after the decision). */
export async function uploadIdCard(d: CounsellorsDeps, userId: string, bytes: Buffer, declaredType: string | undefined): Promise<{ data: ProofStatus }> {
  const type = (declaredType ?? '').split(';')[0].trim().toLowerCase();
  if (!(ID_CARD_TYPES as readonly string[]).includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The ID card must be a JPEG, PNG or WebP image.');
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The ID card image is empty.');
  if (bytes.length > ID_CARD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The ID card image must be at most 5 MB.');
  const existing = await d.repo.findByUserId(userId);
  if (existing?.status === 'approved') throw new AppError('CONFLICT', 'You are already a counsellor: no ID card is needed.');
  let out: Buffer;
  try {
    // Re-encoded: no EXIF (no location), and what is kept is an image whatever was sent.
    out = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a readable JPEG, PNG or WebP image.');
  }
  await d.repo.saveIdCard(userId, out, 'image/jpeg', d.now());
  return proofStatus(d, userId);
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

/**
 * The start dialog's Counsellor entry point: one application per account, for one college, with a
 * proof of enrolment (a verified college address, or an uploaded ID card); an admin decides.
 */
export async function apply(d: CounsellorsDeps, userId: string, v: CounsellorApplication): Promise<{ data: OwnCounsellorProfile }> {
  const institute = await d.repo.findInstitute(v.instituteId);
  if (!institute) throw new AppError('VALIDATION_FAILED', 'Choose your college from the list', { instituteId: ['Choose your college from the list'] });
  const existing = await d.repo.findByUserId(userId);
  if (existing?.status === 'approved') throw new AppError('CONFLICT', 'You are already a counsellor. Edit your profile instead.');
  if (existing?.status === 'pending') throw new AppError('CONFLICT', 'Your application is already under review.');
  const email = (await d.repo.verifiedEmails(userId)).find((e) => e.instituteId === institute.id) ?? null;
  const card = await d.repo.idCardUploadedAt(userId);
  const method: ProofMethod | null = v.proof ?? (email ? 'email' : card ? 'id-card' : null);
  if (!method || (method === 'email' && !email) || (method === 'id-card' && !card)) {
    const message =
      method === 'email'
        ? `Verify your college e-mail address for ${institute.name} first.`
        : method === 'id-card'
          ? 'Upload your student ID card first.'
          : proofMessages.proofNeeded;
    throw new AppError('VALIDATION_FAILED', message, { proof: [message] });
  }
  if (method === 'email' && (await d.repo.emailUsedByOther(email!.email, userId))) {
    throw new AppError('CONFLICT', 'Another counsellor already proved enrolment with this address.');
  }
  const proof =
    method === 'email'
      ? { verificationMethod: 'email' as const, verifiedEmail: email!.email, verifiedAt: email!.verifiedAt }
      : { verificationMethod: 'id-card' as const, verifiedEmail: null, verifiedAt: null };
  const fields = { ...fieldsOf(v), instituteId: institute.id, instituteName: institute.name, ...proof };
  if (existing) await d.repo.reapply(existing.id, fields);
  else await d.repo.insert({ ...fields, userId });
  return { data: toOwn((await d.repo.findByUserId(userId))!) };
}

/** What students see and an admin reviews after approval (hours are not among them: they change at once). */
const REVIEWED: (keyof Omit<PendingProfile, 'photoKey'>)[] = ['name', 'yearOfStudy', 'program', 'about', 'achievements', 'experience'];

const liveOf = (c: CounsellorRecord): PendingProfile => ({
  name: c.name,
  yearOfStudy: c.yearOfStudy,
  program: c.program,
  about: c.about,
  achievements: c.achievements,
  experience: c.experience,
  photoKey: c.photoKey,
});

/** A counsellor (or an applicant under review) edits their profile and hours. */
export async function updateOwnProfile(
  d: CounsellorsDeps,
  userId: string,
  v: Omit<CounsellorApplication, 'instituteId'>,
): Promise<{ data: OwnCounsellorProfile }> {
  const c = await d.repo.findByUserId(userId);
  if (!c) throw new AppError('NOT_FOUND', 'You have not applied as a counsellor yet.');
  if (c.status === 'rejected') throw new AppError('CONFLICT', 'Your application was not approved. Apply again with updated details.');
  if (c.status !== 'approved') {
    // Under review: the admin reviews the application as it is when they decide.
    await d.repo.updateProfile(c.id, fieldsOf(v));
    return { data: toOwn((await d.repo.findByUserId(userId))!) };
  }
  // Approved (issue 24 item 3): hours change at once; what students read waits for an admin.
  await d.repo.updateAvailability(c.id, { availableDays: v.availableDays, timeRanges: v.timeRanges });
  const live = liveOf(c);
  const proposed: PendingProfile = { ...fieldsOf(v), photoKey: c.pendingChanges?.photoKey ?? c.photoKey };
  const changed = REVIEWED.some((k) => proposed[k] !== live[k]) || proposed.photoKey !== live.photoKey;
  if (!changed) {
    if (c.pendingChanges) await d.repo.setPendingChanges(c.id, null, null);
  } else {
    await d.repo.setPendingChanges(c.id, { ...live, ...pick(proposed) }, d.now());
  }
  return { data: toOwn((await d.repo.findByUserId(userId))!) };
}

const pick = (p: PendingProfile): PendingProfile => ({
  name: p.name,
  yearOfStudy: p.yearOfStudy,
  program: p.program,
  about: p.about,
  achievements: p.achievements,
  experience: p.experience,
  photoKey: p.photoKey,
});

export async function uploadOwnPhoto(
  d: CounsellorsDeps,
  userId: string,
  bytes: Buffer,
  contentType: string | undefined,
): Promise<{ data: OwnCounsellorProfile }> {
  const c = await d.repo.findByUserId(userId);
  if (!c) throw new AppError('NOT_FOUND', 'Apply as a counsellor before adding a photo.');
  const key = await d.photos.store(bytes, contentType);
  const removeQuietly = (old: string) => d.photos.remove(old).catch((err: unknown) => d.log.warn({ err }, 'old counsellor photo not removed'));
  if (c.status === 'approved') {
    // The new photo waits for an admin with the rest of the edit; the live one stays meanwhile.
    const pending = c.pendingChanges ?? liveOf(c);
    await d.repo.setPendingChanges(c.id, { ...pending, photoKey: key }, d.now());
    if (c.pendingChanges?.photoKey && c.pendingChanges.photoKey !== c.photoKey) await removeQuietly(c.pendingChanges.photoKey);
    return { data: toOwn((await d.repo.findByUserId(userId))!) };
  }
  await d.repo.setPhoto(c.id, key);
  if (c.photoKey) await removeQuietly(c.photoKey);
  return { data: toOwn((await d.repo.findByUserId(userId))!) };
}

/** Admin: the edits waiting, live and proposed side by side. */
export async function listProfileChanges(d: CounsellorsDeps): Promise<{ data: ProfileChangeView[] }> {
  const rows = await d.repo.listPendingChanges();
  return {
    data: rows.map((c) => ({
      counsellorId: c.id,
      email: c.email,
      college: c.instituteName,
      submittedAt: c.pendingSubmittedAt!.toISOString(),
      live: { ...withoutPhotoKey(liveOf(c)), image: photoUrl(c.photoKey) },
      proposed: { ...withoutPhotoKey(c.pendingChanges!), image: photoUrl(c.pendingChanges!.photoKey) },
    })),
  };
}

/** Admin: publish an approved counsellor's edit, or turn it down with a note; the counsellor is e-mailed either way. */
export async function reviewProfileChange(
  d: CounsellorsDeps,
  id: string,
  decision: 'approve' | 'reject',
  note: string | undefined,
): Promise<{ message: string }> {
  const c = await d.repo.findById(id);
  if (!c || !c.pendingChanges || !c.pendingSubmittedAt) throw new AppError('NOT_FOUND', 'This counsellor has no changes waiting.');
  const text = note?.trim() || null;
  if (decision === 'reject' && !text) throw new AppError('VALIDATION_FAILED', 'Say why, for the counsellor', { note: ['Say why, for the counsellor'] });
  const pending = c.pendingChanges;
  await d.uow.transaction(async ({ counsellors: repo, tx }) => {
    const done =
      decision === 'approve'
        ? await repo.publishPendingChanges(c.id, c.pendingSubmittedAt!, pending)
        : await repo.discardPendingChanges(c.id, c.pendingSubmittedAt!, text!);
    if (!done) throw new AppError('CONFLICT', 'The counsellor changed their edit meanwhile. Reload to see the new one.');
    await d.jobs.enqueue('mail', profileChangeMail(d.settings, { to: c.email, name: c.name, published: decision === 'approve', note: text }), { db: tx });
  });
  // Photos no longer used: the old live one once the new is published, or the turned-down one.
  const unused = decision === 'approve' ? (pending.photoKey !== c.photoKey ? c.photoKey : null) : pending.photoKey !== c.photoKey ? pending.photoKey : null;
  if (unused) await d.photos.remove(unused).catch((err: unknown) => d.log.warn({ err }, 'unused counsellor photo not removed'));
  return { message: decision === 'approve' ? `${pending.name}'s changes are live.` : 'The changes were turned down; the counsellor is told why.' };
}

async function toView(d: CounsellorsDeps, c: CounsellorRecord): Promise<CounsellorApplicationView> {
  const card = c.status === 'pending' && c.verificationMethod === 'id-card' ? await d.repo.idCardUploadedAt(c.userId) : null;
  return {
    ...toOwn(c),
    username: c.username,
    email: c.email,
    createdAt: c.createdAt.toISOString(),
    reviewedAt: c.reviewedAt?.toISOString() ?? null,
    proof: c.verificationMethod,
    idCardUploadedAt: card?.toISOString() ?? null,
  };
}

/** Admin: applications by status (the route requires the admin role, read from the database). */
export async function listApplications(d: CounsellorsDeps, status: CounsellorRecord['status']): Promise<{ data: CounsellorApplicationView[] }> {
  const rows = await d.repo.listByStatus(status);
  const out: CounsellorApplicationView[] = [];
  for (const c of rows) out.push(await toView(d, c));
  return { data: out };
}

/** Admin: the applicant's ID card, beside the application (there only until the decision). */
export async function applicationIdCard(d: CounsellorsDeps, id: string): Promise<{ data: { contentType: string; base64: string; uploadedAt: string } }> {
  const c = await d.repo.findById(id);
  const card = c && c.status === 'pending' ? await d.repo.idCard(c.userId) : null;
  if (!card) throw new AppError('NOT_FOUND', 'No ID card is on file for this application.');
  return { data: { contentType: card.contentType, base64: card.content.toString('base64'), uploadedAt: card.uploadedAt.toISOString() } };
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
  if (c.status !== 'pending') throw new AppError('CONFLICT', `This application was already ${c.status}.`);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const text = note?.trim() || null;
  if (status === 'rejected' && !text) {
    throw new AppError('VALIDATION_FAILED', 'Give the reason: the applicant is e-mailed it', { note: ['Give the reason: the applicant is e-mailed it'] });
  }
  if (status === 'approved') {
    // Proof of enrolment first (docs/decisions 0026).
    if (!c.verificationMethod)
      throw new AppError('CONFLICT', 'This application has no proof of enrolment. Reject it with a note asking the applicant to apply again with one.');
    if (c.verificationMethod === 'id-card' && !(await d.repo.idCardUploadedAt(c.userId)))
      throw new AppError('CONFLICT', 'The applicant has not uploaded their student ID card.');
  }
  const now = d.now();
  await d.uow.transaction(async ({ counsellors: repo, roles, tx }) => {
    // An ID card counts as seen by the admin who approves it: that is when the enrolment was proved.
    const verifiedAt = status === 'approved' && c.verificationMethod === 'id-card' ? now : undefined;
    const decided = await repo.review(id, { status, note: text, reviewerId: adminId, verifiedAt, at: now });
    if (!decided) throw new AppError('CONFLICT', 'This application was decided meanwhile.');
    // The card is kept only until the decision.
    await repo.deleteIdCard(c.userId);
    if (status === 'approved') await roles.grant(c.userId, 'counsellor');
    const mail =
      status === 'approved'
        ? applicationApprovedMail(d.settings, { to: c.email, name: c.name, college: c.instituteName, note: text })
        : applicationRejectedMail(d.settings, { to: c.email, name: c.name, college: c.instituteName, note: text! });
    await d.jobs.enqueue('mail', mail, { db: tx });
    if (status === 'approved') {
      // Everyone who asked to be told when a counsellor of this college joins, once.
      for (const w of await repo.claimWatchers(c.instituteId, now)) {
        await d.jobs.enqueue('mail', counsellorJoinedMail(d.settings, { to: w.email, college: c.instituteName, stopToken: w.stopToken }), { db: tx });
      }
    }
  });
  return { data: await toView(d, (await d.repo.findById(id))!) };
}
