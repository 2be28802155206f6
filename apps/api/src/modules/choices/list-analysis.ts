import type { ChoiceWarning, Counselling } from '@rankwise/contract/choices';
import { CHANCE_BANDS, percentOf } from '@rankwise/contract/chance';
import { simulateOutcomes, wholePercents, type SimulationOptions } from './outcome-model.ts';

/*
 * What a list gives (docs/decisions/0027), pure: the outcome chances of the list and the warnings a
 * counsellor would give about it.
 */

/** One choice as the analysis sees it (position = index + 1). */
export type ListEntry = {
  id: string;
  /** null: the id is not a seat of this counselling. */
  seat: {
    institute: string;
    instituteId: string;
    program: string;
    seatType: string;
    gender: string;
    quota: string;
    closingRank: number;
    packageLpa: number | null;
    feesInr: number | null;
  } | null;
  /** The seat's own chance for the student (the chance model's), null when it is not open to them. */
  chance: number | null;
  /** Why the seat is not open to the student (shown as a warning), when it is not. */
  notOpen: string | null;
};

export type ListAnalysis = {
  /** Per choice, the chance it is the final seat (0 for a choice that can never be allotted). */
  outcome: number[];
  outcomePercent: number[];
  none: number;
  nonePercent: number;
  warnings: ChoiceWarning[];
};

/** Shares a choice needs to count as 'reached' (below half a percent it shows 0%). */
const NEVER = 0.005;
/** At least Likely: the Likely band's lower end (docs/decisions/0014). */
const LIKELY_PERCENT = CHANCE_BANDS.find((b) => b.band === 'Likely')!.min;
/** The chance of no seat a list may have before it is said to have no safety net. */
const SAFETY_NET_NONE = 0.05;
/** How much better by the student's sort a seat must be to be 'clearly' preferred. */
const CLEARLY = { package: 1.25, fees: 0.8, rank: 0.8 } as const;
/** 'preferred-below' warnings listed before the rest are summed up. */
const MAX_PREFERRED_BELOW = 10;

const pct = (x: number) => `${percentOf(x)}%`;
const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function analyseList(
  entries: readonly ListEntry[],
  opts: SimulationOptions & { counselling: Counselling; sortBy?: 'rank' | 'package' | 'fees' },
): ListAnalysis {
  const warnings: ChoiceWarning[] = [];
  const firstAt = new Map<string, number>();
  const programAt = new Map<string, number>();
  const chances: (number | null)[] = entries.map((e, i) => {
    const earlier = firstAt.get(e.id);
    if (earlier !== undefined) {
      warnings.push({
        code: 'duplicate',
        position: i + 1,
        other: earlier + 1,
        message: `#${i + 1} is the same seat as #${earlier + 1}; only the higher one counts.`,
      });
      return null;
    }
    firstAt.set(e.id, i);
    if (!e.seat) {
      warnings.push({
        code: 'unknown-seat',
        position: i + 1,
        other: null,
        message: `#${i + 1} is not a seat of ${opts.counselling} in the current data; it can never be allotted.`,
      });
      return null;
    }
    if (e.notOpen !== null) {
      warnings.push({ code: 'not-open', position: i + 1, other: null, message: `#${i + 1} ${e.seat.institute}, ${e.seat.program}: ${e.notOpen}` });
      return null;
    }
    // On the portal a choice is an institute and program: every seat type and pool of it the student may take.
    const program = `${e.seat.instituteId}\u0001${e.seat.program}`;
    const samePlace = programAt.get(program);
    if (samePlace === undefined) programAt.set(program, i);
    else if (opts.counselling !== 'MCC')
      warnings.push({
        code: 'same-program',
        position: i + 1,
        other: samePlace + 1,
        message: `#${i + 1} is the same program as #${samePlace + 1} (another seat type or pool); on the ${opts.counselling} portal the program is one choice, placed at #${samePlace + 1}.`,
      });
    return e.chance;
  });

  const { final, none } = simulateOutcomes(chances, opts);
  const percents = wholePercents([...final, none]);
  const nonePercent = percents.pop()!;

  // A choice never reached although its own chance is real: a higher one is (nearly) always reached first.
  let surest = -1;
  chances.forEach((c, i) => {
    if (c !== null && surest >= 0 && final[i] < NEVER && c >= 0.05) {
      warnings.push({
        code: 'never-reached',
        position: i + 1,
        other: surest + 1,
        message: `#${i + 1} can never be reached: its own chance is ${pct(c)}, but the choices above it are reached first in practically every simulated year (the surest of them: #${surest + 1}, ${pct(chances[surest]!)}).`,
      });
    }
    if (c !== null && (surest < 0 || c > chances[surest]!)) surest = i;
  });

  // No safety net: the chance of no seat is real and nothing low in the list is at least Likely.
  if (entries.length && none >= SAFETY_NET_NONE) {
    let lastLikely = -1;
    chances.forEach((c, i) => {
      if (c !== null && percentOf(c) >= LIKELY_PERCENT) lastLikely = i;
    });
    warnings.push({
      code: 'no-safety-net',
      position: lastLikely < 0 ? null : lastLikely + 1,
      other: null,
      message:
        lastLikely < 0
          ? `No choice is at least Likely: ${pct(none)} chance of ending with no seat. Add seats you are Likely or Safe to get at the end of the list.`
          : `No choice below #${lastLikely + 1} is at least Likely, and the list ends with no seat ${pct(none)} of the time. Add seats you are Likely or Safe to get at the end.`,
    });
  }

  if (opts.sortBy) warnings.push(...preferredBelow(entries, chances, opts.sortBy));

  // The rules that trap students (JoSAA Business Rules; MCC's information bulletin).
  if (opts.counselling !== 'MCC') {
    warnings.push({
      code: 'freeze-only',
      position: 1,
      other: null,
      message: `A seat allotted at choice #1 can only be frozen: there is nothing higher to float or slide to. Put first the seat you want most.`,
    });
  }
  warnings.push({
    code: 'fee-deadline',
    position: null,
    other: null,
    message:
      opts.counselling === 'MCC'
        ? 'An allotted seat is lost if you do not report to the institute by the deadline MCC publishes for the round.'
        : `An allotted seat is lost if the seat acceptance fee is not paid and the documents uploaded by the round's deadline; you then leave ${opts.counselling} altogether.`,
  });
  return { outcome: final, outcomePercent: percents, none, nonePercent, warnings };
}

/**
 * 'preferred-below': a seat placed below one it clearly beats by the student's own sort (a median
 * package at least 25% higher; fees at most 80%; a closing rank at most 80% of the other's, of the
 * same seat type and pool: a more sought-after seat), named against the highest such seat above it.
 */
function preferredBelow(entries: readonly ListEntry[], chances: readonly (number | null)[], sortBy: 'rank' | 'package' | 'fees'): ChoiceWarning[] {
  const out: ChoiceWarning[] = [];
  let more = 0;
  const beats = (lo: NonNullable<ListEntry['seat']>, hi: NonNullable<ListEntry['seat']>): string | null => {
    if (sortBy === 'package') {
      return lo.packageLpa !== null && hi.packageLpa !== null && lo.packageLpa >= hi.packageLpa * CLEARLY.package
        ? `a median package of ${lo.packageLpa} LPA against ${hi.packageLpa} LPA`
        : null;
    }
    if (sortBy === 'fees') {
      return lo.feesInr !== null && hi.feesInr !== null && lo.feesInr <= hi.feesInr * CLEARLY.fees
        ? `tuition of ₹${inr.format(lo.feesInr)} a year against ₹${inr.format(hi.feesInr)}`
        : null;
    }
    return lo.seatType === hi.seatType && lo.gender === hi.gender && lo.closingRank <= hi.closingRank * CLEARLY.rank
      ? `closing rank ${inr.format(lo.closingRank)} against ${inr.format(hi.closingRank)}: more sought after`
      : null;
  };
  for (let j = 1; j < entries.length; j++) {
    const lo = entries[j].seat;
    if (!lo || chances[j] === null) continue;
    for (let i = 0; i < j; i++) {
      const hi = entries[i].seat;
      if (!hi || chances[i] === null) continue;
      const why = beats(lo, hi);
      if (!why) continue;
      if (out.length < MAX_PREFERRED_BELOW)
        out.push({
          code: 'preferred-below',
          position: j + 1,
          other: i + 1,
          message: `#${j + 1} ${lo.institute}, ${lo.program} is placed below #${i + 1} ${hi.institute}, ${hi.program} though it is clearly better by your sort (${why}).`,
        });
      else more++;
      break;
    }
  }
  if (more)
    out.push({
      code: 'preferred-below',
      position: null,
      other: null,
      message: `${more} more choices are placed below a choice they clearly beat by your sort.`,
    });
  return out;
}
