import { z } from 'zod';

/*
 * Plain words for the validator's own messages ('Invalid input: expected number, received string',
 * 'Too big: expected int to be <=9007199254740991'). A schema's explicit message (the spec's texts)
 * always wins; these only replace zod's defaults. The error handler puts the field's name before
 * each ("rank: must be a whole number").
 */

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'a JSON object',
  record: 'a JSON object',
  map: 'a JSON object',
  set: 'a list',
  date: 'a date',
  file: 'a file',
};

const FORMATS: Record<string, string> = {
  email: 'must be a valid e-mail address',
  url: 'must be a web address (https://…)',
  uuid: 'must be an id as given by the site',
  guid: 'must be an id as given by the site',
  cuid: 'must be an id as given by the site',
  cuid2: 'must be an id as given by the site',
  ulid: 'must be an id as given by the site',
  nanoid: 'must be an id as given by the site',
  date: 'must be a date written YYYY-MM-DD',
  datetime: 'must be a date and time (ISO 8601)',
  time: 'must be a time written HH:MM',
  e164: 'must be a phone number with its country code',
  ipv4: 'must be an IP address',
  ipv6: 'must be an IP address',
};

const quote = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

/** The plain message for one of zod's own issues, or undefined to keep what zod says. */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const expected = issue.expected as string;
      if (expected === 'number' && typeof issue.input === 'number' && Number.isNaN(issue.input)) return 'must be a number';
      const kind = KINDS[expected];
      return kind ? `must be ${kind}` : 'has the wrong type';
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return issue.exact ? `must be exactly ${max} characters` : `must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return issue.exact ? `must have exactly ${max} items` : `must have at most ${max} items`;
      if (issue.origin === 'file') return `must be at most ${max} bytes`;
      if (!Number.isFinite(max) || max >= Number.MAX_SAFE_INTEGER) return 'is too large';
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (issue.exact) return `must be exactly ${min} characters`;
        return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        if (issue.exact) return `must have exactly ${min} items`;
        return min <= 1 ? 'must have at least one item' : `must have at least ${min} items`;
      }
      if (!Number.isFinite(min) || min <= Number.MIN_SAFE_INTEGER) return 'is too small';
      return issue.inclusive === false ? `must be greater than ${min}` : `must be at least ${min}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? (issue.format === 'regex' ? 'is not in the expected format' : `must be a valid ${issue.format}`);
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} this request does not take: ${issue.keys.join(', ')}`;
    case 'invalid_union': {
      // Say what each accepted form needs ("must be true or false or must be one of 'yes', 'no'").
      const branches = (issue as { errors?: { message?: string }[][] }).errors ?? [];
      const wanted = [...new Set(branches.map((b) => b[0]?.message).filter((m): m is string => Boolean(m) && m!.startsWith('must ')))];
      return wanted.length ? wanted.join(', or ') : 'is not one of the accepted forms';
    }
    case 'invalid_key':
      return 'has a key that is not allowed';
    case 'invalid_element':
      return 'has an entry that is not allowed';
    case 'invalid_value': {
      const values = issue.values;
      if (values.length === 1) return `must be ${quote(values[0])}`;
      if (values.length <= 12) return `must be one of ${values.map(quote).join(', ')}`;
      return 'is not one of the accepted values';
    }
    case 'custom':
      return 'is not valid';
    default:
      return undefined;
  }
}

let installed = false;
/** Installs the plain messages for the whole process (the API validates with the contract's schemas). */
export function installPlainValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => plainMessage(issue) });
}
