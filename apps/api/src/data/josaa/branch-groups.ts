import type { BranchGroup } from '@rankwise/contract/engineering';
import { decodeEntities } from './institute-aliases.ts';

/**
 * The discipline a program name is about: degree prefixes, the '(4 Years, ...)' tail and dual-degree
 * or specialisation suffixes removed. 'B. Tech. (CSE) and M.Tech in CSE (5 Years, ...)' → 'cse';
 * 'Mechanical Engineering with M.Tech. in Manufacturing Engineering' → 'mechanical engineering'.
 */
export function programCore(programName: string): string {
  let s = decodeEntities(programName).toLowerCase().replaceAll('&', ' and ');
  s = s.replace(/\s*\(\d+ years?,.*$/, ''); // duration and degree tail
  s = s.replace(/^abu dhabi campus\s*-\s*/, '');
  s = s.replace(/^integrated b\.?\s?tech\.?\s*-?\s*m\.?\s?tech\.?\s*(in\s+)?/, '');
  s = s.replace(/^b\.?\s?tech\.?\s*(and\s+m\.?\s?tech\.?\s*)?(in\s+)?/, '');
  const paren = /^\(([^)]*)\)/.exec(s);
  if (paren) s = paren[1];
  s = s.split(/\s+(?:with|\+)\s+|\s+and\s+m\.?\s?tech\b|\s*-\s*m\.?\s?tech\b|\s+and\s+mba\b|\s*-\s*mba\b|\s+m\.\s?tech\.?\s/)[0];
  return s.replace(/\s+/g, ' ').trim();
}

type Rule = [BranchGroup, RegExp];

// First match wins, so order matters: a name's head discipline decides (e.g. 'Computer Science and
// Artificial Intelligence' is Computer Science; 'Electronics and Instrumentation' is Instrumentation).
const rules: Rule[] = [
  ['Architecture & Planning', /^(architecture|planning)\b|town and regional planning/],
  ['Computer Science & IT', /computer|^cse\b|^cs\b|information technology|cyber security|^it\b|\(it\)/],
  ['Electronics & Communication', /communication|telecommunication/],
  ['Biotechnology & Biomedical', /^bio/],
  ['AI & Data Science', /artificial intelligen|data science|data analytics|data engineering|machine learning|intelligent systems|^ai\b/],
  ['Mathematics & Computing', /mathematics (and )?(computing|scientific computing)|computational mathematics|mechanics and computing/],
  ['Instrumentation & Control', /instrumentation|control engineering/],
  ['Electrical & Electronics', /^el?ectrical|^elctrical|^eee\b|electronics and electrical engineering|electrical vehicle|e mobility/],
  ['Electronics & Communication', /electronic|^ece\b|vlsi|integrated circuit|internet of things|\biot\b/],
  ['Aerospace', /aerospace|aeronautical|aviation|space science/],
  [
    'Sciences & Economics',
    /chemistry|chemical science|biological science|life science|physical science|interdisciplinary science|economics|statistics|^(bs in )?mathematics$|^major in|^applied mathematics|^physics( with|$)/,
  ],
  ['Mechanical', /mechanical|^me\b|mechatronics|robotics|automobile/],
  ['Production & Industrial', /production|industrial (and|engineering)|manufacturing|quality engineering/],
  ['Civil', /civil|^ce\b|structural|transportation|infrastructure|environmental (science and )?engineering/],
  ['Metallurgy & Materials', /metallurg|material|ceramic/],
  ['Mining & Geology', /mining|mineral|geolog|geophysic|earth science|petroleum/],
  ['Biotechnology & Biomedical', /bio/],
  ['Chemical', /chemical|polymer|pharmaceutical/],
  ['Engineering Physics', /engineering physics|physics and computational|computational physics|quantum science/],
];

/** The form's branch group of a program; 'Other' when none applies. Every program gets exactly one. */
export function branchGroupOf(programName: string): BranchGroup {
  const core = programCore(programName);
  for (const [group, re] of rules) if (re.test(core)) return group;
  return 'Other';
}
