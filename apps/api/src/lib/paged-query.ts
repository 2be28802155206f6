import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** `<column> in (<values>)` with each value bound as a parameter. */
export function inList(column: string, values: readonly (string | number)[]): SQL {
  return sql`${sql.identifier(column)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** `search_text` contains the typed words literally (LIKE's own wildcards are escaped). */
export function searchTextMatches(search: string): SQL {
  const escaped = search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`search_text like ${`%${escaped}%`}`;
}

/**
 * One page of `select <columns> from <table> where <where> order by <orderBy>`, and the number of
 * all matching rows (a window count on the page itself; a count query only past the last page).
 */
export async function findPage<T>(
  db: Db,
  q: { columns: SQL; table: SQL; where: SQL; orderBy: SQL; limit: number; offset: number },
): Promise<{ rows: T[]; total: number }> {
  const res = (await db.execute(sql`
    select ${q.columns}, count(*) over ()::int as total
    from ${q.table}
    where ${q.where}
    order by ${q.orderBy}
    limit ${q.limit} offset ${q.offset}`)) as unknown as { rows: (T & { total: number })[] };
  if (res.rows.length || q.offset === 0) return { rows: res.rows, total: res.rows[0]?.total ?? 0 };
  const count = (await db.execute(sql`select count(*)::int as total from ${q.table} where ${q.where}`)) as unknown as { rows: { total: number }[] };
  return { rows: [], total: count.rows[0]?.total ?? 0 };
}
