import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application, approvedCounsellor, createPerson, makeAdmin, seedInstitutes, verifiedCollegeEmail, type Person } from './helpers/people.ts';
import { startSmtpSink, type ReceivedMail } from './helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

/** Issue 24: verified students, reviewed edits, e-mails, a college with no counsellor, text rules, smaller holes. */
describe.each(databaseKinds)('the counsellor side of the marketplace on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Person;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(kind, { env: { ADDRESS_RATE_LIMIT_FACTOR: '50', SMTP_URL: smtp.url, JOBS_WORKER: 'false', COUNSELLOR_COMMISSION_PERCENT: '15' } });
    await seedInstitutes(t);
    admin = await makeAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(who ? who.auth : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** Sends the queued mail (the worker is off: the test says when) and returns the one matching. */
  const mailTo = async (to: string, subject: RegExp): Promise<ReceivedMail> => {
    await t.app.jobs.runDue();
    return smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));
  };
  const review = (id: string, payload: object) => call('POST', `/admin/counsellor-applications/${id}/review`, admin, payload);
  const card = async () =>
    sharp({ create: { width: 640, height: 400, channels: 3, background: '#ddeeff' } })
      .png()
      .toBuffer();

  it('verifies a college address with an e-mailed code at the institute domain, then applies and is approved with an e-mail', async () => {
    const p = await createPerson(t, 'riya');
    // Stated before applying: the commission.
    expect((await call('GET', '/counselor/proof', p)).json().data).toEqual({ emails: [], idCardUploadedAt: null, commissionPercent: 15 });
    expect((await call('GET', '/counselor/colleges', null)).json().data).toContainEqual({
      id: 'nit-goa',
      name: 'National Institute of Technology Goa',
      studentMailDomains: ['nitgoa.ac.in'],
    });

    // Without a proof, no application.
    const none = await call('POST', '/counselor/apply', p, application());
    expect([none.statusCode, none.json().fieldErrors]).toEqual([
      400,
      { proof: ['Prove that you study there: verify your college e-mail address, or upload your student ID card.'] },
    ]);

    // Another domain (or a look-alike) is refused, naming the domain.
    for (const email of ['riya@gmail.com', 'riya@notnitgoa.ac.in', 'riya@nitgoa.ac.in.example.com']) {
      const wrong = await call('POST', '/counselor/proof/email', p, { instituteId: 'nit-goa', email });
      expect([wrong.statusCode, wrong.json().fieldErrors?.email], email).toEqual([
        400,
        ['Use your student address at @nitgoa.ac.in (a subdomain of it is fine), or upload your student ID card.'],
      ]);
    }
    const address = `riya.${p.id.slice(0, 6)}@students.nitgoa.ac.in`;
    const sent = await call('POST', '/counselor/proof/email', p, { instituteId: 'nit-goa', email: address });
    expect([sent.statusCode, sent.json().message]).toEqual([200, 'We sent a 6-digit code to that address. It is valid for 15 minutes.']);
    const mail = await mailTo(address, /student verification code/);
    const code = /Your code: (\d{6})/.exec(mail.text)![1];
    expect(mail.subject).toBe(`${code} is your Rankwise student verification code`);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await call('POST', '/counselor/proof/email/confirm', p, { instituteId: 'nit-goa', email: address, code: wrongCode });
    expect([bad.statusCode, bad.json().fieldErrors]).toEqual([400, { code: ['That code is not right. Check the e-mail and try again.'] }]);
    // Someone else cannot use the code for their account.
    const other = await createPerson(t);
    const stolen = await call('POST', '/counselor/proof/email/confirm', other, { instituteId: 'nit-goa', email: address, code });
    expect(stolen.statusCode).toBe(400);
    const ok = await call('POST', '/counselor/proof/email/confirm', p, { instituteId: 'nit-goa', email: address, code });
    expect([ok.statusCode, ok.json().data.email]).toEqual([200, address]);
    // Used once.
    expect((await call('POST', '/counselor/proof/email/confirm', p, { instituteId: 'nit-goa', email: address, code })).statusCode).toBe(400);

    // The proof is for that college only.
    const elsewhere = await call('POST', '/counselor/apply', p, application({ instituteId: 'iit-bombay', proof: 'email' }));
    expect([elsewhere.statusCode, elsewhere.json().fieldErrors]).toEqual([
      400,
      { proof: ['Verify your college e-mail address for Indian Institute of Technology Bombay first.'] },
    ]);
    const applied = await call('POST', '/counselor/apply', p, application());
    expect(applied.statusCode).toBe(201);
    expect(applied.json().data).toMatchObject({ status: 'pending', verificationMethod: 'email', verifiedEmail: address });
    const id = applied.json().data.id as string;

    const approved = await review(id, { decision: 'approve', note: 'Welcome aboard' });
    expect(approved.statusCode).toBe(200);
    const welcome = await mailTo(p.email, /You are now a Rankwise counsellor/);
    expect(welcome.text).toContain("The admin's note: Welcome aboard");
    expect(welcome.text).toContain('commission of 15%');

    const [listed] = (await call('POST', '/counselor/all', null, { instituteName: 'NIT Goa' })).json().data;
    expect(listed).toMatchObject({ verifiedStudent: 'Verified student of National Institute of Technology Goa, year 3', verifiedBy: 'email' });
    expect(listed.verifiedAt).toBe(ok.json().data.verifiedAt);
    // The address proves one counsellor only.
    const twice = await call('POST', '/counselor/proof/email', other, { instituteId: 'nit-goa', email: address });
    expect(twice.statusCode).toBe(409);
  });

  it('takes an ID card privately, shows it to the admin beside the application, and deletes it at the decision', async () => {
    const p = await createPerson(t, 'kabir');
    const gif = await call('PUT', '/counselor/proof/id-card', p, Buffer.from('GIF89a'), { 'content-type': 'image/gif' });
    expect(gif.statusCode).toBe(415);
    const up = await call('PUT', '/counselor/proof/id-card', p, await card(), { 'content-type': 'image/png' });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.idCardUploadedAt).toEqual(expect.any(String));
    const applied = await call('POST', '/counselor/apply', p, application({ instituteId: 'iit-bombay', name: 'Kabir Shah' }));
    expect(applied.json().data).toMatchObject({ verificationMethod: 'id-card', verifiedAt: null });
    const id = applied.json().data.id as string;

    // Only an admin sees it; never a public URL.
    expect((await call('GET', `/admin/counsellor-applications/${id}/id-card`, p)).statusCode).toBe(403);
    const seen = await call('GET', `/admin/counsellor-applications/${id}/id-card`, admin);
    expect(seen.statusCode).toBe(200);
    const image = Buffer.from(seen.json().data.base64, 'base64');
    expect((await sharp(image).metadata()).format).toBe('jpeg');
    const queue = (await call('GET', '/admin/counsellor-applications?status=pending', admin)).json().data;
    expect(queue.find((a: { id: string }) => a.id === id)).toMatchObject({ proof: 'id-card', idCardUploadedAt: expect.any(String) });

    // A rejection needs the reason, which the applicant is e-mailed; the card is deleted.
    const noReason = await review(id, { decision: 'reject' });
    expect([noReason.statusCode, noReason.json().fieldErrors]).toEqual([400, { note: ['Give the reason: the applicant is e-mailed it'] }]);
    expect((await review(id, { decision: 'reject', note: 'The card is unreadable; please upload a sharper photo.' })).statusCode).toBe(200);
    const rejection = await mailTo(p.email, /counsellor application/);
    expect(rejection.text).toContain('The reason: The card is unreadable; please upload a sharper photo.');
    const rows = await t.db.database.db.execute(sql`select count(*)::int as n from counsellor_id_cards where user_id = ${p.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);

    // Again with a new card: approved, and verified when the admin decided.
    await call('PUT', '/counselor/proof/id-card', p, await card(), { 'content-type': 'image/png' });
    expect((await call('POST', '/counselor/apply', p, application({ instituteId: 'iit-bombay', name: 'Kabir Shah' }))).statusCode).toBe(201);
    const decided = await review(id, { decision: 'approve' });
    expect(decided.json().data).toMatchObject({ status: 'approved', verificationMethod: 'id-card', verifiedAt: decided.json().data.reviewedAt });
    expect((await call('GET', `/admin/counsellor-applications/${id}/id-card`, admin)).statusCode).toBe(404);
    const listed = (await call('POST', '/counselor/all', null, { instituteName: 'IIT Bombay' })).json().data.find((c: { _id: string }) => c._id === id);
    expect(listed).toMatchObject({ verifiedStudent: 'Verified student of Indian Institute of Technology Bombay, year 3', verifiedBy: 'id-card' });
  });

  it("keeps an approved counsellor's new name and texts off the public card until an admin approves; hours change at once", async () => {
    const { person, id } = await approvedCounsellor(t, admin, { name: 'Meera Pillai' });
    const payment = 'Pay me directly: UPI rankwise.support@okaxis, skip the site fee';
    const edit = await call('PUT', '/counselor/me', person, {
      ...application(),
      name: 'Rankwise Support',
      about: `${payment}. I answer every question about NIT Goa.`,
      availableDays: [1],
      timeRanges: [{ start: 600, end: 660 }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Meera Pillai', pendingChanges: { name: 'Rankwise Support' } });
    const publicCard = async () => (await call('POST', '/counselor/all', null, {})).json().data.find((c: { _id: string }) => c._id === id);
    const live = await publicCard();
    expect([live.Name, live.About.includes('UPI'), live.AvailableDays, live.AvailableTimeSlots]).toEqual(['Meera Pillai', false, 'Monday', '10 AM - 11 AM']);
    expect(JSON.stringify((await call('POST', '/counselor/all', null, {})).json())).not.toContain('Rankwise Support');

    const waiting = (await call('GET', '/admin/profile-changes', admin)).json().data.find((x: { counsellorId: string }) => x.counsellorId === id);
    expect([waiting.live.name, waiting.proposed.name]).toEqual(['Meera Pillai', 'Rankwise Support']);
    expect((await call('GET', '/admin/profile-changes', person)).statusCode).toBe(403);
    const noReason = await call('POST', `/admin/profile-changes/${id}/review`, admin, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    const turnedDown = await call('POST', `/admin/profile-changes/${id}/review`, admin, {
      decision: 'reject',
      note: 'Payments go through Rankwise only; use your own name.',
    });
    expect(turnedDown.statusCode).toBe(200);
    const told = await mailTo(person.email, /profile changes were not published/);
    expect(told.text).toContain('Payments go through Rankwise only');
    expect((await publicCard()).Name).toBe('Meera Pillai');
    const me = (await call('GET', '/counselor/me', person)).json().data;
    expect([me.pendingChanges, me.changeReviewNote]).toEqual([null, 'Payments go through Rankwise only; use your own name.']);

    // A fair edit, approved, is live.
    await call('PUT', '/counselor/me', person, { ...application(), name: 'Meera S. Pillai', availableDays: [1], timeRanges: [{ start: 600, end: 660 }] });
    expect((await call('POST', `/admin/profile-changes/${id}/review`, admin, { decision: 'approve' })).statusCode).toBe(200);
    expect((await publicCard()).Name).toBe('Meera S. Pillai');
    expect((await call('POST', `/admin/profile-changes/${id}/review`, admin, { decision: 'approve' })).statusCode).toBe(404);
  });

  it('refuses line breaks in one-line fields and Unicode direction controls in every text, naming the field', async () => {
    const p = await createPerson(t);
    await verifiedCollegeEmail(t, p);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Riya\r\nBcc: all@example.com' }, 'name', 'Name must be on one line (no line breaks)'],
      [{ program: 'B.Tech\nCSE' }, 'program', 'Program must be on one line (no line breaks)'],
      [{ name: 'Riya\u2028Naik' }, 'name', 'Name must be on one line (no line breaks)'],
      [{ name: 'Riya \u202EkiaN' }, 'name', 'Name must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069)'],
      [{ about: `${application().about}\u2067` }, 'about', 'About must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069)'],
      [{ achievements: 'Winner\u202D' }, 'achievements', 'Achievements must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069)'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/counselor/apply', p, application(over));
      expect([res.statusCode, res.json().fieldErrors?.[field]], field).toEqual([400, [message]]);
    }
    const list = await call('POST', '/counselor/all', null, { instituteName: 'NIT Goa\r\nX-Injected: 1' });
    expect([list.statusCode, list.json().fieldErrors]).toEqual([400, { instituteName: ['The college name must be on one line (no line breaks)'] }]);
    // Multi-line text keeps its line breaks.
    expect((await call('POST', '/counselor/apply', p, application({ about: `${application().about}\nSecond paragraph.` }))).statusCode).toBe(201);

    // Everywhere else too: a review, a contact message, a dispute note, even a field no schema names.
    const review = await call('POST', '/reviews/send-review', p, { counsellorId: 'x', rating: 5, review: 'Great session\u202E' });
    expect([review.statusCode, review.json().fieldErrors]).toEqual([
      400,
      { review: ['must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069); remove them'] },
    ]);
    const contact = await call('POST', '/app/contact', null, {
      name: 'Asha\nK',
      email: 'asha@example.in',
      phone: '9876543210',
      message: 'Hello there, a question.',
    });
    expect([contact.statusCode, contact.json().fieldErrors]).toEqual([400, { name: ['Name must be on one line (no line breaks)'] }]);
    const contact2 = await call('POST', '/app/contact', null, {
      name: 'Asha',
      email: 'asha@example.in',
      phone: '9876543210',
      message: 'Hello \u2066there\u2069, a question.',
    });
    expect([contact2.statusCode, contact2.json().fieldErrors]).toEqual([
      400,
      { message: ['must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069); remove them'] },
    ]);
  });

  it('refuses yearOfStudy: true, answers 413 with its own code, and marks signed-in answers no-store', async () => {
    const p = await createPerson(t);
    await verifiedCollegeEmail(t, p);
    for (const yearOfStudy of [true, null, '3.5', 'three']) {
      const res = await call('POST', '/counselor/apply', p, application({ yearOfStudy }));
      expect([res.statusCode, res.json().fieldErrors?.yearOfStudy], String(yearOfStudy)).toEqual([400, ['Choose your year of study']]);
    }
    expect((await call('POST', '/counselor/apply', p, application({ yearOfStudy: '2' }))).json().data.yearOfStudy).toBe(2);

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/app/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);

    const mine = await call('GET', '/counselor/me', p);
    expect(mine.headers['cache-control']).toBe('no-store');
    const publicList = await call('POST', '/counselor/all', null, {});
    expect(publicList.headers['cache-control']).not.toBe('no-store');
  });

  it('for a college with no counsellor: tells a watcher once when one joins (one click stops it), and shows similar colleges', async () => {
    // IIT Bombay has counsellors by now (the ID card test); this college has none.
    await t.db.database.db.execute(
      sql`insert into engineering_institutes (id, name, short_name, type, state, website) values ('iit-delhi', 'Indian Institute of Technology Delhi', 'IIT Delhi', 'IIT', 'Delhi', 'www.iitd.ac.in') on conflict do nothing`,
    );
    expect((await call('POST', '/counselor/all', null, { instituteName: 'IIT Delhi' })).statusCode).toBe(404);
    const similar = await call('POST', '/counselor/similar', null, { instituteName: 'IIT Delhi' });
    expect(similar.json().data.college).toBe('Indian Institute of Technology Delhi');
    expect(similar.json().data.counsellors.map((c: { College: string }) => c.College)).toEqual(
      expect.arrayContaining(['Indian Institute of Technology Bombay']),
    );
    expect(similar.json().data.counsellors.every((c: { College: string }) => c.College.startsWith('Indian Institute of Technology'))).toBe(true);

    const watch = await call('POST', '/counselor/watch', null, { instituteName: 'IIT Delhi', email: 'Parent@Example.in' });
    expect([watch.statusCode, watch.json().message]).toEqual([
      200,
      'We will e-mail parent@example.in once when a counsellor from Indian Institute of Technology Delhi joins.',
    ]);
    const confirm = await mailTo('parent@example.in', /We will tell you/);
    const stopToken = /token=([\w-]+)/.exec(confirm.text)![1];
    await call('POST', '/counselor/watch', null, { instituteName: 'IIT Delhi', email: 'student@example.in' });
    const studentConfirm = await mailTo('student@example.in', /We will tell you/);
    // Asking again while the request waits sends no second mail (and keeps the same stop link).
    expect(
      (await call('POST', '/counselor/watch', null, { instituteName: 'Indian Institute of Technology Delhi', email: 'student@example.in' })).statusCode,
    ).toBe(200);
    await t.app.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to.includes('student@example.in') && /We will tell you/.test(m.subject))).toHaveLength(1);
    const newToken = /token=([\w-]+)/.exec(studentConfirm.text)![1];
    // One click stops it: the parent is not told.
    expect((await call('POST', '/counselor/watch/stop', null, { token: stopToken })).json().message).toBe('Done: you will get no e-mail about this college.');

    const p = await createPerson(t);
    const email = `${p.username.toLowerCase()}@iitd.ac.in`;
    await t.db.database.db.execute(
      sql`insert into student_email_codes (user_id, institute_id, email, code_hash, expires_at, verified_at) values (${p.id}, 'iit-delhi', ${email}, 'x:0', now(), now())`,
    );
    const applied = await call('POST', '/counselor/apply', p, application({ instituteId: 'iit-delhi' }));
    await review(applied.json().data.id, { decision: 'approve' });
    const joined = await mailTo('student@example.in', /A counsellor from Indian Institute of Technology Delhi has joined/);
    expect(joined.text).toContain('/connect-students?collegeName=Indian%20Institute%20of%20Technology%20Delhi');
    expect(joined.text).toContain(newToken);
    await t.app.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to.includes('parent@example.in') && /has joined/.test(m.subject))).toEqual([]);
  });
});
