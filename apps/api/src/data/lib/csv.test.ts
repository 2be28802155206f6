import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { parseCsv } from './csv.ts';

/** csv-parse with the options readCsv had before it had its own parser: the reference. */
const reference = (text: string) => parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];
const outcome = (f: () => unknown) => {
  try {
    return { records: f() };
  } catch {
    return { error: true };
  }
};

describe('parseCsv reads as csv-parse does', () => {
  it.each([
    ['plain, LF', 'a,b\n1,2\n3,4\n'],
    ['CRLF, no line ending at the end', 'a,b\r\n1,2\r\n3,4'],
    ['CR only', 'a,b\r1,2\r3,4\r'],
    ['byte-order mark', '\ufeffa,b\n1,2\n'],
    ['empty lines', 'a,b\n\n1,2\n\n\n3,4\n\n'],
    ['a short record', 'a,b,c\n1,2\n'],
    ['a long record', 'a,b,c\n1,2,3,4\n'],
    ['quoted commas, quotes and line endings', 'a,b\n"x,""y""","m\nn"\n"",z\n'],
    ['quoted CRLF inside a CRLF file', 'a,b\r\n1,"x\r\ny"\r\n'],
    ['a CR inside an LF file is text', 'a,b\n1,2\r\n3,4\n'],
    ['an LF inside a CRLF file is text', 'a,b\r\n1,2\n3\r\n'],
    ['empty fields and trailing commas', 'a,b,c\n,,\n1,,\n,2,\n1,2,'],
    ['spaces kept', 'a,b\n 1 , 2 \n'],
    ['one column twice: the last wins', 'a,a\n1,2\n'],
    ['header only', 'a,b\n'],
    ['nothing', ''],
    ['a quote inside an unquoted field', 'a,b\n1,x"y\n'],
    ['text after a closing quote', 'a,b\n1,"2"x\n'],
    ['a quote never closed', 'a,b\n1,"2\n'],
    ['non-ASCII', 'name,state\n"Institute, Puducherry",पुदुच्चेरी\n'],
  ])('%s', (_name, text) => {
    expect(outcome(() => parseCsv(text))).toEqual(outcome(() => reference(text)));
  });

  const dataDir = testConfig().DATA_DIR;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.csv')) files.push(p);
    }
  };
  if (existsSync(dataDir)) walk(dataDir);

  it.skipIf(!files.length)(
    'on every CSV file of the data sets',
    () => {
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        const got = parseCsv(text);
        const want = reference(text);
        expect(got.length, file).toBe(want.length);
        expect(got, file).toEqual(want);
      }
    },
    120_000,
  );
});
