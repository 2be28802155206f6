/**
 * What an answer is judged on, in words (issue 22 item 4): the counselling, the year and the
 * round(s), never 'latest' alone. Generic: the label comes from the data's own year and rounds.
 */

/**
 * The number of rounds each JoSAA counselling had (its final round), from the OR-CR archive: every
 * year 2016-2025 is complete in the data; 2026 had six rounds, of which rounds 1-5 are in the data
 * (SOURCES.md). A year not listed is taken to have six, as every year since 2020 but 2024.
 */
export const JOSAA_FINAL_ROUND: Readonly<Record<number, number>> = {
  2016: 6,
  2017: 7,
  2018: 7,
  2019: 7,
  2020: 6,
  2021: 6,
  2022: 6,
  2023: 6,
  2024: 5,
  2025: 6,
  2026: 6,
};
const JOSAA_USUAL_ROUNDS = 6;

export function josaaFinalRound(year: number): number {
  return JOSAA_FINAL_ROUND[year] ?? JOSAA_USUAL_ROUNDS;
}

/** 'JoSAA 2026 round 5 (round 6 not yet in our data)', 'JoSAA 2025 round 6', 'CSAB 2025 round 3'. */
export function engineeringReferenceLabel(counselling: 'JoSAA' | 'CSAB', year: number, round: number, lastRoundOfYear = round): string {
  const base = `${counselling} ${year} round ${round}`;
  if (counselling !== 'JoSAA') return base;
  const final = josaaFinalRound(year);
  // A seat judged on an earlier round than the year's last in the data (it left the OR-CR) says so too.
  if (lastRoundOfYear < final) return `${base} (round ${final} not yet in our data)`;
  return base;
}

/** 'MCC NEET PG 2024 rounds 1-3' (a NEET PG seat is judged on the allotments of rounds 1 to its last). */
export function medicalReferenceLabel(year: number, lastRound: number): string {
  return lastRound === 1 ? `MCC NEET PG ${year} round 1` : `MCC NEET PG ${year} rounds 1-${lastRound}`;
}
