import { readFile } from 'node:fs/promises';

/** Reads a CSV file with a header row into records keyed by column name (values as text). */
export async function readCsv(file: string): Promise<Record<string, string>[]> {
  return parseCsv(await readFile(file, 'utf8'));
}

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * RFC 4180 CSV with a header row, read as csv-parse reads it with `{ columns: true, bom: true,
 * skip_empty_lines: true, relax_column_count: true }` (csv.test.ts compares the two on every data
 * file and on the edge cases): a byte-order mark is dropped; the record delimiter is the first line
 * ending met (\r\n, \n or \r) and any other is text; quoted fields may hold commas, line endings and
 * doubled quotes; a quote inside an unquoted field, or text after a closing quote, is an error;
 * empty lines are skipped; a short record has only its fields, a long one loses the extra ones; of
 * two columns with one name, the last wins. About five times faster than csv-parse, which matters
 * for the first start's half a million rank rows (docs/decisions/0019).
 */
export function parseCsv(text: string): Record<string, string>[] {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // The record delimiter: 0 until the first line ending is met, then '\n', '\r' or '\r\n'.
  let delimiter: '' | '\n' | '\r' | '\r\n' = '';
  let header: string[] | null = null;
  const records: Record<string, string>[] = [];
  let row: string[] = [];
  let line = 1;

  /** The length of the record delimiter at `at`, or 0. */
  const delimiterAt = (at: number): number => {
    const c = text.charCodeAt(at);
    if (c !== LF && c !== CR) return 0;
    if (!delimiter) delimiter = c === LF ? '\n' : text.charCodeAt(at + 1) === LF ? '\r\n' : '\r';
    if (delimiter === '\n') return c === LF ? 1 : 0;
    if (delimiter === '\r') return c === CR ? 1 : 0;
    return c === CR && text.charCodeAt(at + 1) === LF ? 2 : 0;
  };
  const endRecord = () => {
    if (header === null) header = row;
    else {
      const record: Record<string, string> = {};
      const m = Math.min(row.length, header.length);
      for (let k = 0; k < m; k++) record[header[k]] = row[k];
      records.push(record);
    }
    row = [];
    line++;
  };

  while (i < n) {
    // At the start of a record: an empty line is skipped.
    if (row.length === 0) {
      const d = delimiterAt(i);
      if (d) {
        i += d;
        line++;
        continue;
      }
    }
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      value = '';
      let start = i + 1;
      for (;;) {
        const q = text.indexOf('"', start);
        if (q < 0) throw new Error(`CSV: quote not closed (line ${line})`);
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += text.slice(start, q + 1);
          start = q + 2;
          continue;
        }
        value += text.slice(start, q);
        i = q + 1;
        break;
      }
      for (let k = value.indexOf('\n'); k >= 0; k = value.indexOf('\n', k + 1)) line++;
      if (i < n && text.charCodeAt(i) !== COMMA && !delimiterAt(i)) throw new Error(`CSV: text after a closing quote (line ${line})`);
    } else {
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === COMMA || ((c === LF || c === CR) && delimiterAt(j))) break;
        if (c === QUOTE) throw new Error(`CSV: quote inside an unquoted field (line ${line})`);
        j++;
      }
      value = text.slice(i, j);
      i = j;
    }
    row.push(value);
    if (i >= n) break;
    if (text.charCodeAt(i) === COMMA) {
      i++;
      // A comma at the very end, or before a line ending: one more, empty field.
      if (i >= n || delimiterAt(i)) row.push('');
      else continue;
    }
    i += delimiterAt(i);
    endRecord();
  }
  if (row.length) endRecord();
  return records;
}
