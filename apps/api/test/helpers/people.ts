import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { users } from '../../src/db/schema/auth.ts';
import { studentEmailCodes } from '../../src/db/schema/counsellors.ts';
import { engineeringInstitutes } from '../../src/db/schema/engineering.ts';
import { signAccessToken } from '../../src/plugins/auth.ts';
import type { TestApp } from './test-app.ts';

export type Person = { id: string; username: string; email: string; token: string; auth: { authorization: string } };

/** An account, inserted directly (sign-up has its own tests), with a valid access token. */
export async function createPerson(t: TestApp, prefix = 'student'): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const [u] = await t.db.database.db
    .insert(users)
    .values({ username: `${prefix}_${tag}`, email: `${prefix}.${tag}@example.in` })
    .returning();
  const token = await signAccessToken(t.config, { id: u.id, username: u.username, email: u.email });
  return { id: u.id, username: u.username, email: u.email, token, auth: { authorization: `Bearer ${token}` } };
}

/** The engineering institutes the tests apply for (the real importer fills this table from JoSAA). */
export async function seedInstitutes(t: TestApp): Promise<void> {
  await t.db.database.db
    .insert(engineeringInstitutes)
    .values([
      // Websites as the JoSAA institute profiles give them: the student mail domain comes from them.
      { id: 'nit-goa', name: 'National Institute of Technology Goa', shortName: 'NIT Goa', type: 'NIT', state: 'Goa', website: 'www.nitgoa.ac.in' },
      {
        id: 'iit-bombay',
        name: 'Indian Institute of Technology Bombay',
        shortName: 'IIT Bombay',
        type: 'IIT',
        state: 'Maharashtra',
        website: 'www.iitb.ac.in',
      },
    ])
    .onConflictDoNothing();
}

export const application = (over: Record<string, unknown> = {}) => ({
  instituteId: 'nit-goa',
  name: 'Riya Naik',
  yearOfStudy: 3,
  program: 'B.Tech Computer Science and Engineering',
  about: 'Third-year CSE student at NIT Goa; happy to talk about hostels, coding clubs and placements.',
  achievements: 'Smart India Hackathon finalist',
  experience: '',
  availableDays: [2, 4],
  timeRanges: [{ start: 540, end: 720 }],
  ...over,
});

/**
 * A college address already verified with its code, inserted directly (the code's own path has its
 * tests in counsellor-market.integration.test.ts), so the person may apply with `proof: 'email'`.
 */
export async function verifiedCollegeEmail(t: TestApp, person: Person, instituteId = 'nit-goa'): Promise<string> {
  const domain = instituteId === 'iit-bombay' ? 'iitb.ac.in' : 'nitgoa.ac.in';
  const email = `${person.username.toLowerCase()}@${domain}`;
  await t.db.database.db.insert(studentEmailCodes).values({
    userId: person.id,
    instituteId,
    email,
    codeHash: 'inserted-by-test:0',
    expiresAt: new Date(),
    verifiedAt: new Date(),
  });
  return email;
}

/** A counsellor who proved enrolment (college e-mail), applied, and whom an admin approved, through the API. */
export async function approvedCounsellor(t: TestApp, admin: Person, over: Record<string, unknown> = {}): Promise<{ person: Person; id: string }> {
  const person = await createPerson(t, 'counsellor');
  await verifiedCollegeEmail(t, person, typeof over.instituteId === 'string' ? over.instituteId : 'nit-goa');
  const applied = await t.app.inject({ method: 'POST', url: '/api/v1/counselor/apply', headers: person.auth, payload: application(over) });
  if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  const id = applied.json().data.id as string;
  const reviewed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/counsellor-applications/${id}/review`,
    headers: admin.auth,
    payload: { decision: 'approve' },
  });
  if (reviewed.statusCode !== 200) throw new Error(`review: ${reviewed.statusCode} ${reviewed.body}`);
  return { person, id };
}

export async function makeAdmin(t: TestApp): Promise<Person> {
  const admin = await createPerson(t, 'admin');
  await t.app.roles.grant(admin.id, 'admin');
  return admin;
}

/** A TCP port free right now (for an app that must know its own URL before it listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
