/*
 * B.Arch and B.Planning seats at NITs, IIITs and GFTIs are allotted on JEE Main Paper 2 ranks
 * (Paper 2A for B.Arch, Paper 2B for B.Planning; JoSAA Business Rules), never on the B.E./B.Tech
 * rank of Paper 1. IIT B.Arch is allotted on the JEE (Advanced) rank, to candidates who have passed
 * the Architecture Aptitude Test (AAT). Decision 0021.
 */

export type RankPaper = '2A' | '2B';

/** The degree in a JoSAA program name: '… (5 Years, Bachelor of Architecture)'. */
const ARCH = /\bBachelor of Architecture\)\s*$/i;
const PLANNING = /\bBachelor of Planning\)\s*$/i;

export function isArchitectureProgram(programName: string): boolean {
  return ARCH.test(programName);
}

/** The Paper 2 rank a seat of this program at an institute of this type is allotted on, or null (the exam's ordinary rank). */
export function rankPaperOf(programName: string, instituteType: string): RankPaper | null {
  if (instituteType === 'IIT') return null;
  if (ARCH.test(programName)) return '2A';
  if (PLANNING.test(programName)) return '2B';
  return null;
}

/** What the card of an IIT B.Arch seat says. */
export const AAT_REQUIREMENT = 'IIT B.Arch: you must also pass the Architecture Aptitude Test (AAT) after JEE (Advanced).';
