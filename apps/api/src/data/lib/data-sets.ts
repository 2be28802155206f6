/**
 * When each year of each data set was last updated in the copy we use (SOURCES.md: the date of the
 * source snapshot or of the commit that added its files). A round an operator adds later
 * (data:add) counts from the day it was added.
 */
export const SOURCE_DATES: Readonly<Record<'JoSAA' | 'CSAB' | 'MCC NEET PG', Readonly<Record<number, string>>>> = {
  // josaa/orcr/2016-2024 come from one earlier snapshot; 2025: GenAI-Tech2026/counsellor.ai (2026-06-19); 2026: quadius/josaa-tracker (2026-07-16).
  JoSAA: { 2025: '2026-06-19', 2026: '2026-07-16' },
  // 2024: CodeWithAnkitJaiswal/College-Predictor-2025 (2025-06-01); 2025: geeekyvishal/CSABFinder (2026-07-28).
  CSAB: { 2024: '2025-06-01', 2025: '2026-07-28' },
  // 2023-2024 allotments: neetlogiq-spec/neetlogiq-app snapshot of 2025-12-31.
  'MCC NEET PG': { 2023: '2025-12-31', 2024: '2025-12-31' },
};
