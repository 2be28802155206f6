import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCounsellors } from '../src/modules/counsellors/demo-counsellors.ts';
import { application, approvedCounsellor, createPerson, makeAdmin, seedInstitutes, verifiedCollegeEmail, type Person } from './helpers/people.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

describe.each(databaseKinds)('counsellors on %s', (kind) => {
  let t: TestApp;
  let admin: Person;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ADDRESS_RATE_LIMIT_FACTOR: '50' } });
    await seedInstitutes(t);
    admin = await makeAdmin(t);
  });
  afterAll(async () => t?.close());

  const list = (instituteName?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/counselor/all', payload: instituteName === undefined ? {} : { instituteName } });

  it("answers 404 'No counsellors found' while no one is approved", async () => {
    const res = await list();
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'No counsellors found', code: 'NOT_FOUND' }]);
  });

  it('takes an application, lists the counsellor only once an admin approves, and masks the e-mail', async () => {
    const student = await createPerson(t, 'applicant');
    await verifiedCollegeEmail(t, student);
    const applied = await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', headers: student.auth, payload: application() });
    expect(applied.statusCode).toBe(201);
    const profile = applied.json().data;
    expect(profile).toMatchObject({
      status: 'pending',
      college: 'National Institute of Technology Goa',
      availableDays: [2, 4],
      timeRanges: [{ start: 540, end: 720 }],
    });
    expect(profile.experience).toBeNull();

    // Pending: not listed; a second application is refused.
    expect((await list('National Institute of Technology Goa')).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', headers: student.auth, payload: application() });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Your application is already under review.']);

    // Only an admin (role in the database) reviews.
    const pending = await t.app.inject({ method: 'GET', url: '/api/v1/admin/counsellor-applications?status=pending', headers: student.auth });
    expect(pending.statusCode).toBe(403);
    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/counsellor-applications?status=pending', headers: admin.auth });
    expect(queue.json().data.map((a: { id: string }) => a.id)).toContain(profile.id);
    expect(queue.json().data.find((a: { id: string }) => a.id === profile.id).email).toBe(student.email);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/counsellor-applications/${profile.id}/review`,
      headers: admin.auth,
      payload: { decision: 'approve' },
    });
    expect([approve.statusCode, approve.json().data.status]).toEqual([200, 'approved']);
    expect(await t.app.roles.hasRole(student.id, 'counsellor')).toBe(true);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/counsellor-applications/${profile.id}/review`,
      headers: admin.auth,
      payload: { decision: 'reject' },
    });
    expect(twice.statusCode).toBe(409);

    for (const name of ['National Institute of Technology Goa', 'NIT Goa', 'nit-goa', 'national institute of technology, goa']) {
      const res = await list(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data).toHaveLength(1);
    }
    const [c] = (await list('NIT Goa')).json().data;
    expect(c).toEqual({
      _id: profile.id,
      Name: 'Riya Naik',
      College: 'National Institute of Technology Goa',
      Year: '3rd Year',
      About: application().about,
      Image: null,
      Email: `a***@e***.in`,
      AvailableTimeSlots: '9 AM - 12 PM',
      AvailableDays: 'Tuesday, Thursday',
      instituteId: 'nit-goa',
      program: 'B.Tech Computer Science and Engineering',
      achievements: 'Smart India Hackathon finalist',
      experience: null,
      averageRating: null,
      reviewCount: 0,
      isDemo: false,
      verifiedStudent: 'Verified student of National Institute of Technology Goa, year 3',
      verifiedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      verifiedBy: 'email',
    });
    expect(JSON.stringify((await list()).json())).not.toContain(student.email);
    // Another college: none there.
    expect((await list('Indian Institute of Technology Bombay')).json()).toEqual({ message: 'No counsellors found', code: 'NOT_FOUND' });
    expect((await list('No Such College of Anything')).statusCode).toBe(404);
  });

  it('refuses an unknown college and bad hours with clear messages', async () => {
    const p = await createPerson(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', headers: p.auth, payload: application({ instituteId: 'nowhere' }) });
    expect([bad.statusCode, bad.json().fieldErrors]).toEqual([400, { instituteId: ['Choose your college from the list'] }]);
    const hours = await t.app.inject({
      method: 'POST',
      url: '/api/v1/counselor/apply',
      headers: p.auth,
      payload: application({ availableDays: [], timeRanges: [{ start: 545, end: 600 }] }),
    });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().fieldErrors).toMatchObject({ availableDays: ['Choose at least one day'], 'timeRanges.0': ['Times must be on the hour or half hour'] });
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/v1/counselor/apply',
      headers: p.auth,
      payload: application({ name: 'Riya\u0000', instituteId: 'nit\u0000goa' }),
    });
    expect([nul.statusCode, nul.json().fieldErrors]).toEqual([
      400,
      { name: ['Name contains characters that are not allowed'], instituteId: ['Choose your college from the list'] },
    ]);
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', payload: application() });
    expect(anon.statusCode).toBe(401);
  });

  it('lets a counsellor edit their profile and hours, and upload a photo that is served resized', async () => {
    const { person } = await approvedCounsellor(t, admin, { instituteId: 'iit-bombay', name: 'Arjun Mehta' });
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/counselor/me',
      headers: person.auth,
      payload: {
        ...application(),
        name: 'Arjun Mehta',
        experience: 'Mentor at the coding club',
        availableDays: [6, 0],
        timeRanges: [{ start: 990, end: 1080 }],
      },
    });
    expect(update.statusCode).toBe(200);
    // Hours change at once; the new text waits for an admin (issue 24 item 3).
    const [c] = (await list('IIT Bombay')).json().data;
    expect(c).toMatchObject({ Name: 'Arjun Mehta', AvailableDays: 'Saturday, Sunday', AvailableTimeSlots: '4:30 PM - 6 PM', experience: null });
    expect(update.json().data.pendingChanges).toMatchObject({ experience: 'Mentor at the coding club' });
    const changes = await t.app.inject({ method: 'GET', url: '/api/v1/admin/profile-changes', headers: admin.auth });
    const mine = changes.json().data.find((x: { counsellorId: string }) => x.counsellorId === c._id);
    expect([mine.live.experience, mine.proposed.experience]).toEqual([null, 'Mentor at the coding club']);
    const publish = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/profile-changes/${c._id}/review`,
      headers: admin.auth,
      payload: { decision: 'approve' },
    });
    expect(publish.statusCode).toBe(200);
    expect((await list('IIT Bombay')).json().data[0].experience).toBe('Mentor at the coding club');

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({ method: 'PUT', url: '/api/v1/counselor/me/photo', headers: { ...person.auth, 'content-type': 'image/png' }, payload: png });
    expect(up.statusCode).toBe(200);
    // An approved counsellor's new photo waits for the admin too; then it is the live one.
    const image = up.json().data.pendingChanges.image as string;
    expect(up.json().data.image).toBeNull();
    expect(image).toMatch(/^\/media\/counsellors\/[0-9a-f]{32}-320\.webp$/);
    expect((await list('IIT Bombay')).json().data[0].Image).toBeNull();
    const photoOk = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/profile-changes/${c._id}/review`,
      headers: admin.auth,
      payload: { decision: 'approve' },
    });
    expect(photoOk.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);
    // Kept in the database (every instance serves it), not in this instance's folder.
    expect(existsSync(path.join(t.config.DATA_FOLDER, 'counsellor-photos', path.basename(image)))).toBe(false);
    const stored = (await t.db.database.db.execute(sql`select size from counsellor_photos order by size`)) as unknown as { rows: { size: number }[] };
    expect(stored.rows.map((r) => r.size)).toEqual([160, 320, 640]);
    expect((await t.app.inject({ method: 'GET', url: image.replace('-320.', '-999.') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/counsellors/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
    expect((await list('IIT Bombay')).json().data[0].Image).toBe(image);

    // A file that is not an image, or a type that is not allowed, is refused with a clear message.
    const text = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/counselor/me/photo',
      headers: { ...person.auth, 'content-type': 'image/png' },
      payload: Buffer.from('not a png'),
    });
    expect([text.statusCode, text.json().message]).toEqual([415, 'The file is not a readable JPEG, PNG or WebP image.']);
    const gif = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/counselor/me/photo',
      headers: { ...person.auth, 'content-type': 'image/gif' },
      payload: png,
    });
    expect([gif.statusCode, gif.json().message]).toEqual([415, 'The photo must be a JPEG, PNG or WebP image.']);
    const big = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/counselor/me/photo',
      headers: { ...person.auth, 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(5 * 1024 * 1024 + 10),
    });
    expect([big.statusCode, big.json().message]).toEqual([413, 'The photo must be at most 5 MB.']);
  });

  it('lets a rejected applicant apply again', async () => {
    const p = await createPerson(t);
    await verifiedCollegeEmail(t, p);
    const applied = (await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', headers: p.auth, payload: application() })).json().data;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/counsellor-applications/${applied.id}/review`,
      headers: admin.auth,
      payload: { decision: 'reject', note: 'Please add your program' },
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reviewNote: 'Please add your program' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/counselor/me', headers: p.auth });
    expect(me.json().data).toMatchObject({ status: 'rejected', reviewNote: 'Please add your program' });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', headers: p.auth, payload: application() });
    expect([again.statusCode, again.json().data.status, again.json().data.id]).toEqual([201, 'pending', applied.id]);
  });

  it('seed:demo adds approved demo counsellors for colleges in the data, once, listed after real ones', async () => {
    const first = await seedDemoCounsellors(t.db.database.db);
    expect(first.added).toEqual(['Ananya Iyer (Indian Institute of Technology Bombay)', 'Rohan Verma (National Institute of Technology Goa)']);
    expect(first.skipped).toHaveLength(2);
    const again = await seedDemoCounsellors(t.db.database.db);
    expect([again.added, again.present]).toEqual([[], ['Ananya Iyer', 'Rohan Verma']]);
    const goa = (await list('NIT Goa')).json().data as { Name: string; isDemo: boolean; Email: string }[];
    expect(goa.map((c) => [c.Name, c.isDemo])).toEqual([
      ['Riya Naik', false],
      ['Rohan Verma', true],
    ]);
    expect(goa[1].Email).toBe('d***@r***.invalid');
  });
});
