import type { Db } from '../../db/client.ts';
import type { TimeRange } from '../../db/schema/counsellors.ts';
import { createAuthRepository } from '../auth/auth.service.ts';
import { createCounsellorsRepository } from './counsellors.repository.ts';

type Demo = {
  slug: string;
  instituteId: string;
  name: string;
  year: number;
  program: string;
  about: string;
  achievements: string | null;
  experience: string | null;
  days: number[];
  ranges: TimeRange[];
};

/** Made-up people, shown with a Demo label, so a newcomer can try booking end to end. */
const demos: Demo[] = [
  {
    slug: 'ananya',
    instituteId: 'iit-bombay',
    name: 'Ananya Iyer',
    year: 3,
    program: 'B.Tech Electrical Engineering',
    about: 'A demo profile: an example of what a current student writes about life on campus, the first-year workload and choosing a branch.',
    achievements: 'Example: department rank holder, robotics club lead',
    experience: 'Example: mentored 20 first-year students',
    days: [1, 3, 5],
    ranges: [{ start: 18 * 60, end: 21 * 60 }],
  },
  {
    slug: 'rohan',
    instituteId: 'nit-goa',
    name: 'Rohan Verma',
    year: 2,
    program: 'B.Tech Computer Science and Engineering',
    about: 'A demo profile: an example counsellor who talks about hostels, coding clubs and how the home-state quota worked for them.',
    achievements: null,
    experience: null,
    days: [2, 4],
    ranges: [{ start: 9 * 60, end: 12 * 60 }],
  },
  {
    slug: 'meera',
    instituteId: 'nit-tiruchirappalli',
    name: 'Meera Pillai',
    year: 4,
    program: 'B.Tech Mechanical Engineering',
    about: 'A demo profile: an example final-year student who can describe placements, internships and the campus in Tiruchirappalli.',
    achievements: 'Example: summer internship at a manufacturing firm',
    experience: null,
    days: [0, 6],
    ranges: [
      { start: 10 * 60, end: 13 * 60 },
      { start: 16 * 60 + 30, end: 19 * 60 },
    ],
  },
  {
    slug: 'siddharth',
    instituteId: 'iit-delhi',
    name: 'Siddharth Rao',
    year: 1,
    program: 'B.Tech Mathematics and Computing',
    about: 'A demo profile: an example first-year student who went through JoSAA counselling last year and remembers every round.',
    achievements: null,
    experience: 'Example: answered counselling questions on student forums',
    days: [0, 1, 2, 3, 4, 5, 6],
    ranges: [{ start: 20 * 60, end: 22 * 60 }],
  },
];

/**
 * Adds the demo counsellors (approved, labelled Demo) for colleges present in the data; running it
 * again changes nothing. Never in production (the command refuses), never on its own.
 */
export async function seedDemoCounsellors(db: Db): Promise<{ added: string[]; present: string[]; skipped: string[] }> {
  const auth = createAuthRepository(db);
  const repo = createCounsellorsRepository(db);
  const out = { added: [] as string[], present: [] as string[], skipped: [] as string[] };
  for (const d of demos) {
    const institute = await repo.findInstitute(d.instituteId);
    if (!institute) {
      out.skipped.push(`${d.name} (${d.instituteId} is not in the data)`);
      continue;
    }
    const email = `demo.${d.slug}@rankwise.invalid`;
    const user = (await auth.findUserByEmail(email)) ?? (await auth.insertUser({ username: `demo_${d.slug}`, email }));
    if (await repo.findByUserId(user.id)) {
      out.present.push(d.name);
      continue;
    }
    await repo.insert({
      userId: user.id,
      instituteId: institute.id,
      instituteName: institute.name,
      name: d.name,
      yearOfStudy: d.year,
      program: d.program,
      about: d.about,
      achievements: d.achievements,
      experience: d.experience,
      availableDays: d.days,
      timeRanges: d.ranges,
      status: 'approved',
      isDemo: true,
    });
    out.added.push(`${d.name} (${institute.name})`);
  }
  return out;
}
