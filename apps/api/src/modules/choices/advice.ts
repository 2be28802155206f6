import { simulateOutcomes } from './outcome-model.ts';

/*
 * Freeze, float or slide (docs/decisions/0027), pure. The student holds choice `held` (0-based) after
 * round k; `chances[j]` for j < held is the chance that higher choice j is reached by the last round
 * (the round-k model), null when it is not open to them. Floating never loses the held seat, so:
 * - choice #1 held: freeze (JoSAA allows nothing else);
 * - no higher choice has a real chance (all together below REAL): freeze: floating could not improve
 *   the seat, and freezing ends the waiting;
 * - only higher choices of the same institute have a real chance: slide (it keeps the seat and takes
 *   exactly those);
 * - otherwise: float.
 * The chance that some higher choice is reached joins the choices with the common shock (outcome model).
 */

export const REAL = 0.01;

export type Advice = {
  recommendation: 'float' | 'slide' | 'freeze';
  /** Chance that some higher choice is reached by the last round. */
  up: number;
  /** The same, counting only higher choices of the held seat's institute. */
  upSameInstitute: number;
  reason: string;
};

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function adviseFor(x: {
  held: number;
  institutes: readonly string[];
  chances: readonly (number | null)[];
  rho: number;
  seed: number;
  years?: number;
  /** Named in the reasons (CSAB lists get the same advice on CSAB's own round model). */
  counselling?: 'JoSAA' | 'CSAB';
}): Advice {
  if (x.held === 0)
    return {
      recommendation: 'freeze',
      up: 0,
      upSameInstitute: 0,
      reason: `You hold your first choice: ${x.counselling ?? 'JoSAA'} lets you only freeze it, and there is nothing higher to wait for.`,
    };
  const higher = x.chances.slice(0, x.held);
  const same = higher.map((c, j) => (x.institutes[j] === x.institutes[x.held] ? c : null));
  const up = 1 - simulateOutcomes(higher, { rho: x.rho, seed: x.seed, years: x.years }).none;
  const upSame = 1 - simulateOutcomes(same, { rho: x.rho, seed: x.seed, years: x.years }).none;
  if (up < REAL)
    return {
      recommendation: 'freeze',
      up,
      upSameInstitute: upSame,
      reason: `None of your ${x.held} higher choices is likely to open by the last round (together ${pct(up)}): floating would almost surely end with this same seat. Freeze to end the waiting, or float if you want to keep the small chance.`,
    };
  if (up - upSame < REAL && upSame >= REAL)
    return {
      recommendation: 'slide',
      up,
      upSameInstitute: upSame,
      reason: `Only higher choices in this institute have a real chance (${pct(upSame)} together); sliding keeps your seat and takes them. Choices in other institutes are below 1% together.`,
    };
  return {
    recommendation: 'float',
    up,
    upSameInstitute: upSame,
    reason: `There is a ${pct(up)} chance that a higher choice opens by the last round. Floating keeps this seat and moves you up only if one does: it cannot make your seat worse.`,
  };
}
