import type { compareRequestSchema, aboutCollegeRequestSchema } from '@rankwise/contract/colleges';
import {
  COLLEGE_INFO_ERROR,
  COMPARED_MESSAGE,
  type AboutCollegeResponse,
  type CollegeDetail,
  type CompareResponse,
  type ComparedCollege,
  type FamilyIncomeBand,
  type HistoryQuery,
  type HistoryResponse,
  type Origin,
  type RankRow,
  type ProgramSeats,
  type SeatsResponse,
} from '@rankwise/contract/colleges';
import { branchGroups } from '@rankwise/contract/engineering';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { engineeringReferenceLabel, josaaFinalRound } from '../../data/lib/reference-label.ts';
import { createCollegeDirectory, type CollegeDirectory } from './college-directory.ts';
import type { CollegesRepository, InstituteRecord, ProgramRecord, RankRecord, SeatKey } from './colleges.repository.ts';
import { GEONAMES_CREDIT, greatCircleKm, stateCapitals } from './geo.ts';
import { formatInr, tuitionOf } from './tuition.ts';

type AboutInput = z.output<typeof aboutCollegeRequestSchema>;
type CompareInput = z.output<typeof compareRequestSchema>;

const NOT_FOUND = COLLEGE_INFO_ERROR;

export const quotaNames: Record<string, string> = {
  AI: 'All India',
  HS: 'Home State',
  OS: 'Other State',
  GO: 'Goa',
  JK: 'Jammu and Kashmir',
  LA: 'Ladakh',
  AP: 'Andhra Pradesh',
};

const typeLabels: Record<InstituteRecord['type'], string> = {
  IIT: 'an Indian Institute of Technology (IIT)',
  NIT: 'a National Institute of Technology (NIT)',
  IIIT: 'an Indian Institute of Information Technology (IIIT)',
  GFTI: 'a Government-Funded Technical Institute (GFTI)',
};

/** IIEST Shibpur is admitted with the NITs but is not one. */
function typeLabel(i: InstituteRecord): string {
  if (i.type === 'NIT' && !/National Institute of Technology/i.test(i.name))
    return 'an institute JoSAA admits to with the National Institutes of Technology (NITs)';
  return typeLabels[i.type];
}

const joinWords = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The town the data gives: GeoNames' town when placed by one, else the PIN code's district. */
const cityOf = (i: InstituteRecord) => i.city ?? i.district ?? null;

/** Factual text from the data only: type, place, NIRF rank and year, programs, seats and quotas of the latest JoSAA year. */
export function composeAbout(i: InstituteRecord, programs: ProgramRecord[]): string {
  const city = cityOf(i);
  const place = city && i.state ? ` in ${city}, ${i.state}` : i.state ? ` in ${i.state}` : '';
  const parts = [`${i.name} is ${typeLabel(i)}${place}.`];
  if (i.nirfRank !== null && i.nirfRankYear !== null)
    parts.push(
      i.nirfCategory && i.nirfCategory !== 'Engineering'
        ? `NIRF ${i.nirfRankYear} ranks it ${i.nirfRank} in ${i.nirfCategory} (it is not in NIRF's Engineering ranking).`
        : `NIRF ${i.nirfRankYear} ranks it ${i.nirfRank} among engineering institutions.`,
    );
  if (programs.length) {
    const year = programs[0].year;
    const seats = programs.reduce((n, p) => n + p.seats, 0);
    const quotas = [...new Set(programs.flatMap((p) => p.quotas))].sort((a, b) => quotaOrder(a) - quotaOrder(b)).map((q) => quotaNames[q] ?? q);
    parts.push(
      `In JoSAA ${year} it admitted students to ${plural(programs.length, 'program', 'programs')}, with opening and closing ranks published for ${plural(
        seats,
        'seat category',
        'seat categories',
      )} (program × quota × category × pool), through the ${joinWords(quotas)} ${quotas.length === 1 ? 'quota' : 'quotas'}.`,
    );
  }
  return parts.join(' ');
}

const quotaOrder = (q: string) => {
  const i = Object.keys(quotaNames).indexOf(q);
  return i === -1 ? 99 : i;
};

const lpa = (n: number) => String(Math.round(n * 100) / 100);

export function toDetail(
  i: InstituteRecord,
  programs: ProgramRecord[],
  nirf: { year: number; rank: number }[],
  student: StudentContext,
  programsRound: number | null = null,
  programsLabel: string | null = null,
): CollegeDetail {
  const city = cityOf(i);
  const groups = branchGroups
    .map((group) => ({ group, programs: programs.filter((p) => p.branchGroup === group).map((p) => p.programName) }))
    .filter((g) => g.programs.length);
  const known = new Set<string>(branchGroups);
  const other = programs.filter((p) => !known.has(p.branchGroup));
  if (other.length) groups.push({ group: 'Other', programs: other.map((p) => p.programName) });
  const tuition = tuitionOf(i, student.category, student.familyIncome);
  const located = i.latitude !== null && i.longitude !== null;
  const programsYear = programs[0]?.year ?? null;
  // 'JoSAA 2026 round 5 (round 6 not yet in our data)' (issue 22 item 4).
  // The predictor's own label when the programs' year is its reference year; an earlier year is complete.
  const referenceLabel =
    programsLabel ??
    (programsYear !== null && programsRound !== null ? engineeringReferenceLabel('JoSAA', programsYear, programsRound, josaaFinalRound(programsYear)) : null);
  const sources: CollegeDetail['sources'] = [];
  if (programsYear !== null)
    sources.push({
      figure: 'Programs and closing ranks',
      year: String(programsYear),
      source: `${referenceLabel ?? `JoSAA ${programsYear}`} opening and closing ranks`,
    });
  if (i.placementYear && i.placementSource)
    sources.push({ figure: 'Placements (median package, share placed)', year: i.placementYear, source: i.placementSource });
  if (nirf.length) sources.push({ figure: 'NIRF rank', year: String(nirf.at(-1)!.year), source: 'NIRF India Rankings, Engineering (nirfindia.org)' });
  else if (i.nirfRank !== null && i.nirfRankYear !== null && i.nirfCategory)
    sources.push({ figure: 'NIRF rank', year: String(i.nirfRankYear), source: `NIRF India Rankings, ${i.nirfCategory} (nirfindia.org)` });
  if (tuition) sources.push({ figure: 'Tuition', year: `admissions from ${tuition.fromAdmissionYear}`, source: tuition.source });
  if (located)
    sources.push({
      figure: 'Location',
      year: null,
      source: `${GEONAMES_CREDIT} (${i.locationMethod === 'pin_centroid' ? `PIN code ${i.pinCode} area` : 'town'})`,
    });
  if (i.address) sources.push({ figure: 'Address and web site', year: '2023', source: 'JoSAA 2023 institute profiles' });
  return {
    id: i.id,
    instituteId: i.id,
    stream: 'engineering',
    name: i.name,
    collegeName: i.name,
    shortName: i.shortName,
    type: i.type,
    typeLabel: typeLabel(i),
    state: i.state,
    city,
    pinCode: i.pinCode,
    location: [city, i.state].filter(Boolean).join(', ') || 'NA',
    coordinates: located ? { latitude: i.latitude!, longitude: i.longitude!, method: i.locationMethod ?? 'unknown', source: GEONAMES_CREDIT } : null,
    address: i.address,
    website: i.website,
    about: composeAbout(i, programs),
    branches: programs.map((p) => p.programName),
    branchGroups: groups,
    programsYear,
    referenceLabel,
    companies: [],
    averagePackage: i.medianSalaryLpa === null ? 'NA' : lpa(i.medianSalaryLpa),
    highestPackage: 'NA',
    placementRate: i.placementRate === null ? 'NA' : `${lpa(i.placementRate)}%`,
    branchWiseAvgPackage: [],
    placementYear: i.medianSalaryLpa === null && i.placementRate === null ? null : i.placementYear,
    placementSource: i.medianSalaryLpa === null && i.placementRate === null ? null : i.placementSource,
    instituteFee: tuition ? formatInr(tuition.perYearInr) : 'NA',
    sportsFacility: 'NA',
    hostelFee: 'NA',
    messFee: 'NA',
    nirfRank: i.nirfRank,
    nirfRankYear: i.nirfRankYear,
    nirfCategory: i.nirfRank === null ? null : i.nirfCategory,
    nirfRanks: nirf.map(({ year, rank }) => ({ year, rank })),
    tuition,
    sources,
  };
}

type StudentContext = { category?: string; familyIncome?: FamilyIncomeBand };

/**
 * A published rank as printed: a preparatory-course rank keeps its 'P'. A closing rank the stated
 * rule for 2016-2024 marks preparatory (its 'P' lost in the file) gets the 'P' too, and says so.
 */
export function toRankRow(r: RankRecord): RankRow {
  return {
    counselling: r.counselling,
    year: r.year,
    round: r.round,
    openingRank: `${r.openingRank}${r.openingPreparatory ? 'P' : ''}`,
    closingRank: `${r.closingRank}${r.closingPreparatory ? 'P' : ''}`,
    preparatoryByRule: r.preparatoryByRule,
  };
}

/**
 * The final round of each year (the last round the seat appears in) of one counselling, newest
 * first, at most `n` years: a CSAB seat's years are CSAB's, on its common-rank-list scale.
 */
export function lastYears(history: RankRecord[], n: number, counselling: RankRecord['counselling'] = 'JoSAA'): RankRecord[] {
  const final = new Map<number, RankRecord>();
  for (const r of history) {
    if (r.counselling !== counselling) continue;
    const cur = final.get(r.year);
    if (!cur || r.round > cur.round) final.set(r.year, r);
  }
  return [...final.values()].sort((a, b) => b.year - a.year).slice(0, n);
}

/** The colleges module's deps: built once by colleges.plugin.ts, on `app.colleges`. */
export type CollegesDeps = { repo: CollegesRepository; directory: CollegeDirectory };

/** The deps over one repository: the college directory resolves names from its institutes. */
export function collegesDeps(repo: CollegesRepository): CollegesDeps {
  return { repo, directory: createCollegeDirectory([() => repo.listInstituteNames()]) };
}

async function details(d: CollegesDeps, ids: string[], student: StudentContext): Promise<Map<string, CollegeDetail>> {
  const found = await d.repo.findDetails([...new Set(ids)]);
  return new Map(found.map((i) => [i.id, toDetail(i, i.programs, i.nirfRanks, student, i.programsRound, i.programsLabel)]));
}

async function requireInstitute(d: CollegesDeps, id: string): Promise<string> {
  const found = await d.directory.resolve(id);
  if (!found) throw new AppError('NOT_FOUND', NOT_FOUND);
  return found;
}

/** Distances start at the PIN code's area when one is given and known, else at the home state's capital. */
async function originOf(d: CollegesDeps, input: CompareInput): Promise<{ origin: Origin | null; note: string | null }> {
  const capital = input.homeState && input.homeState !== 'Outside India' ? stateCapitals[input.homeState] : undefined;
  const fromCapital: Origin | null = capital
    ? {
        kind: 'capital',
        label: `${capital.city}, the capital of ${input.homeState}`,
        latitude: capital.latitude,
        longitude: capital.longitude,
        source: `${GEONAMES_CREDIT} (GeoNames id ${capital.geonameId}${capital.note ? `, ${capital.note}` : ''})`,
      }
    : null;
  if (!input.pinCode) return { origin: fromCapital, note: null };
  const pin = await d.repo.findPostalCode(input.pinCode);
  if (pin)
    return {
      origin: {
        kind: 'pin',
        label: `PIN code ${pin.pinCode}${pin.district ? ` (${pin.district}${pin.state ? `, ${pin.state}` : ''})` : ''}`,
        latitude: pin.latitude,
        longitude: pin.longitude,
        source: `${GEONAMES_CREDIT} (postal codes)`,
      },
      note: null,
    };
  const note = `PIN code ${input.pinCode} is not in the GeoNames postal data${fromCapital ? `; distances are from ${fromCapital.label}` : ''}.`;
  return { origin: fromCapital, note };
}

/** Spec §7 POST /college/about-college: an unknown name is a 404 with the spec's message. */
export async function about(d: CollegesDeps, input: AboutInput): Promise<AboutCollegeResponse> {
  const id = await requireInstitute(d, input.instituteName);
  const detail = (await details(d, [id], input)).get(id);
  if (!detail) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { data: detail, message: 'College information fetched successfully' };
}

/** Spec §7 POST /college/compare: the colleges in the order sent, with distance, tuition and the compared program. */
export async function compare(d: CollegesDeps, input: CompareInput): Promise<CompareResponse> {
  // The result's seat when its id is still a seat; else what the item says about itself.
  const refs = new Map((await d.repo.findReferenceSeats(input.data.map((i) => i.id))).map((r) => [r.id, r]));
  const items = await Promise.all(
    input.data.map(async (item) => {
      const ref = refs.get(item.id) ?? null;
      const instituteId =
        ref?.instituteId ?? (item.instituteId ? await d.directory.resolve(item.instituteId) : null) ?? (await d.directory.resolve(item.collegeName));
      if (!instituteId) throw new AppError('NOT_FOUND', `${NOT_FOUND}: ${item.collegeName}`);
      const seat: SeatKey | null = ref
        ? { instituteId, programName: ref.programName, quota: ref.quota, seatType: ref.seatType, gender: ref.gender }
        : item.programName && item.quota && item.seatType && item.gender
          ? { instituteId, programName: item.programName, quota: item.quota, seatType: item.seatType, gender: item.gender }
          : null;
      return { item, instituteId, seat, ref };
    }),
  );
  const withSeat = items.filter((i) => i.seat !== null);
  const [histories, byId, { origin, note }] = await Promise.all([
    d.repo.seatHistories(withSeat.map((i) => i.seat!)),
    details(
      d,
      items.map((i) => i.instituteId),
      input,
    ),
    originOf(d, input),
  ]);
  const historyOf = (i: (typeof items)[number]) => {
    const key = withSeat.indexOf(i);
    return key === -1 ? [] : histories.filter((h) => h.key === key);
  };
  const data: ComparedCollege[] = items.map((entry) => {
    const { item, instituteId, seat, ref } = entry;
    const history = historyOf(entry);
    const detail = byId.get(instituteId);
    if (!detail) throw new AppError('NOT_FOUND', `${NOT_FOUND}: ${item.collegeName}`);
    // The closing rank the result card showed; for an entry that is no longer a result, the latest JoSAA round.
    const latest = ref ?? history.filter((r) => r.counselling === 'JoSAA').at(-1) ?? history.at(-1) ?? null;
    return {
      ...detail,
      id: item.id,
      distanceKm:
        origin && detail.coordinates
          ? Math.round(greatCircleKm(origin, { latitude: detail.coordinates.latitude, longitude: detail.coordinates.longitude }) * 10) / 10
          : null,
      program: seat
        ? {
            programName: seat.programName,
            quota: seat.quota,
            seatType: seat.seatType,
            gender: seat.gender,
            latest: latest ? toRankRow(latest) : null,
            // A CSAB result's seat: its CSAB years (2025, 2024), on the common rank list.
            lastYears: lastYears(history, 3, ref?.counselling ?? 'JoSAA').map(toRankRow),
          }
        : null,
    };
  });
  return { data, origin, originNote: note, message: COMPARED_MESSAGE };
}

export async function seats(d: CollegesDeps, idOrName: string): Promise<SeatsResponse> {
  const instituteId = await requireInstitute(d, idOrName);
  const programs = new Map<string, ProgramSeats>();
  for (const { programName, branchGroup, ...seat } of await d.repo.seatOptions(instituteId)) {
    let p = programs.get(programName);
    if (!p) programs.set(programName, (p = { programName, branchGroup, lastYear: seat.lastYear, seats: [] }));
    p.lastYear = Math.max(p.lastYear, seat.lastYear);
    p.seats.push(seat);
  }
  return { data: { instituteId, programs: [...programs.values()] } };
}

export async function history(d: CollegesDeps, idOrName: string, q: HistoryQuery): Promise<HistoryResponse> {
  const instituteId = await requireInstitute(d, idOrName);
  const rows = await d.repo.seatHistories([{ instituteId, ...q }]);
  return { data: { instituteId, ...q, rows: rows.map(toRankRow) } };
}
