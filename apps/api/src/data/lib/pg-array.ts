/** A PostgreSQL array literal of text values ('{"Goa","Lakshadweep"}'), as COPY reads it. */
export function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
