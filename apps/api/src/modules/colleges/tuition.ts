import type { FamilyIncomeBand, Tuition } from '@rankwise/contract/colleges';

/**
 * The waivers of the 2016 IIT and NIT tuition decisions, as fees/tuition_policy.csv states them for
 * both types (tuition.test.ts checks the file still says so): no tuition for SC, ST and PwD
 * students or a family income below 1 lakh a year; a two-thirds waiver for 1 to below 5 lakh.
 */
export const FULL_WAIVER = 'SC, ST, PwD; family income below 100000 INR a year';
export const TWO_THIRDS_WAIVER = 'family income from 100000 to below 500000 INR a year';
export const TUITION_NOTE = 'Tuition only: hostel, mess and one-time charges are extra and differ by institute.';

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
export const formatInr = (n: number) => inr.format(n);

/** Full waiver by category: SC, ST and every PwD category. */
const categoryWaived = (category: string) => category === 'SC' || category === 'ST' || /\(PWD\)$/i.test(category);

export function tuitionForStudent(perYearInr: number, category: string | undefined, familyIncome: FamilyIncomeBand | undefined): Tuition['forStudent'] {
  if (category === undefined && familyIncome === undefined) return null;
  const base = { category: category ?? null, familyIncome: familyIncome ?? null };
  const third = Math.round(perYearInr / 3);
  if (category !== undefined && categoryWaived(category))
    return { ...base, waiver: 'full', payableInr: 0, explanation: `No tuition: SC, ST and PwD students get a full tuition waiver.` };
  if (familyIncome === 'below-1-lakh')
    return { ...base, waiver: 'full', payableInr: 0, explanation: 'No tuition: a family income below ₹1 lakh a year gets a full tuition waiver.' };
  if (familyIncome === '1-to-5-lakh')
    return {
      ...base,
      waiver: 'two-thirds',
      payableInr: third,
      explanation: `₹${formatInr(third)} a year: a family income from ₹1 lakh to below ₹5 lakh a year gets a two-thirds tuition waiver.`,
    };
  if (familyIncome === '5-lakh-or-more')
    return { ...base, waiver: 'none', payableInr: perYearInr, explanation: `₹${formatInr(perYearInr)} a year: no tuition waiver applies.` };
  return {
    ...base,
    waiver: 'depends-on-income',
    payableInr: perYearInr,
    explanation: `₹${formatInr(perYearInr)} a year without a waiver; nothing if the family income is below ₹1 lakh a year, ₹${formatInr(third)} if it is ₹1 lakh to below ₹5 lakh.`,
  };
}

export function tuitionOf(
  institute: { type: string; tuitionInrPerYear: number | null; tuitionFromYear: number | null; tuitionSource: string | null },
  category: string | undefined,
  familyIncome: FamilyIncomeBand | undefined,
): Tuition | null {
  const { tuitionInrPerYear: perYear, tuitionFromYear: from, tuitionSource: source } = institute;
  if (perYear === null || from === null || source === null) return null;
  return {
    label: `Tuition per year (${institute.type === 'IIT' ? 'IIT Council' : 'NIT Council'} rate)`,
    perYearInr: perYear,
    fromAdmissionYear: from,
    source,
    fullWaiver: FULL_WAIVER,
    twoThirdsWaiver: TWO_THIRDS_WAIVER,
    note: TUITION_NOTE,
    forStudent: tuitionForStudent(perYear, category, familyIncome),
  };
}
