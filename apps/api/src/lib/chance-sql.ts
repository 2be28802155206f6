import { sql, type SQL } from 'drizzle-orm';

/*
 * The two SQL pieces the predictors share for chances (docs/decisions/0014):
 * - a seat is listed for `rank` when rank ≤ closing_rank, or, with Reach seats on, when
 *   rank ≤ reach_rank (the importer's limit of a 15% chance; reach_rank ≥ closing_rank always);
 * - the `chance` sort: lib/chance.ts chanceKey and chanceBefore (the read models' order) in SQL.
 */

export function listedFor(rank: SQL | number, includeReach: boolean): SQL {
  return includeReach ? sql`reach_rank >= ${rank}` : sql`closing_rank >= ${rank}`;
}

/**
 * The `chance` sort for `rank`: z = ln(rank / closing_rank) / chance_scale ascending (highest chance
 * first), then closing rank, then id. `adjusted`: the table has the seat group's change of z
 * (chance_shift, chance_below, chance_above; lib/chance.ts adjustZ), so the key is
 * z' = (z − shift) / below or above.
 */
export function chanceOrder(rank: SQL | number, adjusted = false): SQL {
  const z = sql`ln((${rank})::float8 / closing_rank) / chance_scale`;
  const key = adjusted ? sql`(case when ${z} < chance_shift then (${z} - chance_shift) / chance_below else (${z} - chance_shift) / chance_above end)` : z;
  return sql`${key} asc, closing_rank asc, id asc`;
}
