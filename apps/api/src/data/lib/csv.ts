import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';

/** Reads a CSV file with a header row into records keyed by column name (values as text). */
export async function readCsv(file: string): Promise<Record<string, string>[]> {
  const text = await readFile(file, 'utf8');
  return parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];
}
