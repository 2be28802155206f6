import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chanceBefore, chanceKey, type GroupAdjustment, type SeatChanceCard } from './chance.ts';

/*
 * Building blocks of the predictors' read models (docs/decisions/0018): seats kept in arrays, with
 * for each sort that does not depend on the student's rank the position of every seat in the
 * database's own order (computed by the database with the SQL path's ORDER BY, so collations and
 * NULL placement are the database's), and buckets of seats sorted by closing rank and by Reach rank
 * so that a query reads only the seats its rank can reach. loadSeatIndex and seatQuery are what both
 * predictors build from them: the loading, the bucket walk and the pages of every sort.
 */

/** Rows read per query while a read model is built: a few megabytes at a time rather than every row at once. */
const PAGE_ROWS = 2000;

/**
 * Every row of `table` in the database's order of `id` (its index is its position in that order),
 * read in pages, and each sort's positions, the database's `row_number() over (order by …)` with
 * the SQL path's ORDER BY, so collations and NULL placement are the database's.
 */
export async function readTable<R, S extends string>(
  db: Db,
  opts: { table: string; columns: string; sorts: Record<S, SQL> },
  each: (row: R, index: number) => void,
): Promise<{ count: number; positions: Record<S, Int32Array> }> {
  const names = Object.keys(opts.sorts) as S[];
  const windows = names.map((s, k) => sql`(row_number() over (order by ${opts.sorts[s]}))::int - 1 as ${sql.identifier(`p${k}`)}`);
  const res = (await db.execute(sql`select ${sql.join(windows, sql`, `)} from ${sql.identifier(opts.table)} order by id asc`)) as unknown as {
    rows: Record<string, number>[];
  };
  const positions = Object.fromEntries(names.map((s, k) => [s, Int32Array.from(res.rows, (r) => r[`p${k}`])])) as Record<S, Int32Array>;
  let index = 0;
  let after: string | null = null;
  for (;;) {
    const page = (await db.execute(
      sql`select ${sql.raw(opts.columns)} from ${sql.identifier(opts.table)} ${after === null ? sql`` : sql`where id > ${after}`} order by id asc limit ${PAGE_ROWS}`,
    )) as unknown as { rows: (R & { id: string })[] };
    for (const row of page.rows) each(row, index++);
    if (page.rows.length < PAGE_ROWS) break;
    after = page.rows[page.rows.length - 1].id;
  }
  if (index !== res.rows.length) throw new Error(`${opts.table} changed while it was read`);
  return { count: index, positions };
}

/** Row numbers of a sort: `order[k]` is the seat at position k, `position[seat]` its position. */
export type SortOrder = { order: Int32Array; position: Int32Array };

export function sortOrder(position: Int32Array): SortOrder {
  const order = new Int32Array(position.length);
  for (let i = 0; i < position.length; i++) order[position[i]] = i;
  return { order, position };
}

/** Seats of one bucket, ascending by a rank: `seats[k]` has rank `ranks[k]`. */
export type RankedSeats = { seats: Int32Array; ranks: Int32Array };

export function rankedSeats(members: readonly number[], rankOf: (seat: number) => number, tie: Int32Array): RankedSeats {
  const seats = Int32Array.from(members).sort((a, b) => rankOf(a) - rankOf(b) || tie[a] - tie[b]);
  return { seats, ranks: Int32Array.from(seats, rankOf) };
}

/** The first index whose rank is at least `rank` (ranks ascending). */
export function firstAtLeast(ranks: Int32Array, rank: number): number {
  let lo = 0;
  let hi = ranks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranks[mid] < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The seats at positions [offset, offset + limit) of a sort among `matched` (each marked with
 * `stamp` in `marks`): a few matches are sorted by their positions; many are found by walking the
 * sort's order (a few microseconds for twenty thousand seats) instead of sorting them.
 */
export function pageInOrder(sort: SortOrder, marks: Uint32Array, stamp: number, matched: readonly number[], offset: number, limit: number): number[] {
  const end = Math.min(matched.length, offset + limit);
  if (offset >= end) return [];
  const { order, position } = sort;
  if (matched.length * 16 < order.length) {
    const positions = new Int32Array(matched.length);
    for (let k = 0; k < matched.length; k++) positions[k] = position[matched[k]];
    positions.sort();
    const out: number[] = [];
    for (let k = offset; k < end; k++) out.push(order[positions[k]]);
    return out;
  }
  const out: number[] = [];
  let seen = 0;
  for (let k = 0; k < order.length && seen < end; k++) {
    const seat = order[k];
    if (marks[seat] !== stamp) continue;
    if (seen >= offset) out.push(seat);
    seen++;
  }
  return out;
}

/**
 * Positions [offset, offset + limit) of `seats` ordered by `before` (a strict total order), without
 * sorting them all: a bounded max-heap of the first offset + limit.
 */
export function pageBy(seats: number[], before: (a: number, b: number) => boolean, offset: number, limit: number): number[] {
  const k = Math.min(seats.length, offset + limit);
  if (offset >= k) return [];
  if (k === seats.length) return seats.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(offset, k);
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(heap[p], heap[i])) break;
      [heap[p], heap[i]] = [heap[i], heap[p]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && before(heap[top], heap[l])) top = l;
      if (r < heap.length && before(heap[top], heap[r])) top = r;
      if (top === i) return;
      [heap[top], heap[i]] = [heap[i], heap[top]];
      i = top;
    }
  };
  for (const s of seats) {
    if (heap.length < k) {
      heap.push(s);
      up(heap.length - 1);
    } else if (before(s, heap[0])) {
      heap[0] = s;
      down(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1)).slice(offset, k);
}

/**
 * One copy of each repeated text (an institute's name is on hundreds of seats, and a driver reads
 * each row's copy afresh): the read models keep tens of thousands of rows for as long as they live.
 */
export function interner(): <S extends string | null>(text: S) => S {
  const seen = new Map<string, string>();
  return (text) => {
    if (text === null) return text;
    const known = seen.get(text);
    if (known !== undefined) return known as typeof text;
    seen.set(text, text);
    return text;
  };
}

/** The SQL path's `search_text like '%<typed words>%'`: the lower-cased words, literally. */
export function searchNeedle(search: string): string {
  return search.toLowerCase();
}

/** A predictor table's row as loadSeatIndex reads it: the SQL path's columns and what listing and the chance sort need. */
export type IndexedRow = {
  id: string;
  closing_rank: number;
  reach_rank: number;
  search_text: string;
  /** chance_scale as the database computes with it (the real column widened exactly to float8). */
  chance_scale_db: number;
  chance_card: SeatChanceCard;
};

/** One bucket's seats, by closing rank and by Reach rank. */
type Bucket = { byClosing: RankedSeats; byReach: RankedSeats };

/** A predictor's seats as its queries read them: seat i is the table's i-th row in the order of id. */
export type SeatIndex<S extends string> = {
  size: number;
  closing: Int32Array;
  scale: Float64Array;
  /** The seat group's change of z for the chance sort (engineering), or null (NEET PG: none). */
  adjustments: GroupAdjustment[] | null;
  search: string[];
  idPosition: Int32Array;
  sorts: Record<S, SortOrder>;
  buckets: Map<string, Bucket>;
};

/**
 * Reads a predictor table into a SeatIndex: `columns` are the SQL path's (the row's chance card
 * is read as text and parsed here, as the drivers parse jsonb, only faster), `extra` more columns
 * the read model keeps; each row, its chance card parsed, goes to `each` and into the bucket
 * `bucketOf` names. `adjustmentOf`: the row's group adjustment of z, when the chance sort uses one.
 */
export async function loadSeatIndex<R extends IndexedRow, S extends string>(
  db: Db,
  opts: {
    table: string;
    columns: string;
    extra?: string;
    sorts: Record<S, SQL>;
    bucketOf(row: R): string;
    adjustmentOf?: (row: R) => GroupAdjustment;
  },
  each: (row: R, index: number) => void,
): Promise<SeatIndex<S>> {
  const closing: number[] = [];
  const reach: number[] = [];
  const scale: number[] = [];
  const search: string[] = [];
  const adjustments: GroupAdjustment[] | null = opts.adjustmentOf ? [] : null;
  // A few groups share their adjustment: one object each.
  const sameAdjustment = new Map<string, GroupAdjustment>();
  const members = new Map<string, number[]>();
  const one = interner();
  const columns = [
    opts.columns.replace('chance_card', 'chance_card::text as chance_card'),
    'reach_rank, search_text, chance_scale::float8 as chance_scale_db',
    opts.extra,
  ];
  const { count: size, positions } = await readTable<R, S | 'id'>(
    db,
    { table: opts.table, columns: columns.filter(Boolean).join(', '), sorts: { ...opts.sorts, id: sql`id asc` } },
    (r, i) => {
      closing.push(r.closing_rank);
      reach.push(r.reach_rank);
      scale.push(r.chance_scale_db);
      search.push(one(r.search_text));
      if (adjustments && opts.adjustmentOf) {
        const a = opts.adjustmentOf(r);
        const k = `${a.shift}|${a.below}|${a.above}`;
        let kept = sameAdjustment.get(k);
        if (!kept) sameAdjustment.set(k, (kept = a));
        adjustments.push(kept);
      }
      const key = opts.bucketOf(r);
      const list = members.get(key);
      if (list) list.push(i);
      else members.set(key, [i]);
      r.chance_card = JSON.parse(r.chance_card as unknown as string) as SeatChanceCard;
      each(r, i);
    },
  );
  const idPosition = positions.id;
  const sorts = Object.fromEntries((Object.keys(opts.sorts) as S[]).map((s) => [s, sortOrder(positions[s])])) as Record<S, SortOrder>;
  const buckets = new Map<string, Bucket>();
  for (const [key, seats] of members) {
    buckets.set(key, { byClosing: rankedSeats(seats, (i) => closing[i], idPosition), byReach: rankedSeats(seats, (i) => reach[i], idPosition) });
  }
  return { size, closing: Int32Array.from(closing), scale: Float64Array.from(scale), adjustments, search, idPosition, sorts, buckets };
}

/**
 * The queries of a SeatIndex, one at a time (the read model answers synchronously): `begin` starts
 * one; `walk` adds the seats of a bucket listed for a rank (closing rank, or with Reach seats the
 * Reach rank, at least the rank) that pass `accept`; `page` returns positions [offset, offset +
 * limit) of the matches in a sort, 'chance' being lib/chance.ts's order for the rank each seat was
 * listed for. Buckets never overlap, so no seat is matched twice.
 */
export function seatQuery<S extends string>(index: SeatIndex<S>) {
  const { closing, scale, adjustments, idPosition, sorts, buckets } = index;
  const marks = new Uint32Array(index.size);
  const key = new Float64Array(index.size);
  // The rank each matched seat was listed for (its part of the query).
  const listedRank = new Float64Array(index.size);
  const byChance = chanceBefore(key, closing, idPosition);
  let stamp = 0;
  let matched: number[] = [];
  return {
    begin(): void {
      stamp = (stamp + 1) >>> 0 || 1;
      if (stamp === 1) marks.fill(0);
      matched = [];
    },
    walk(bucketKey: string, rank: number, includeReach: boolean, accept: (seat: number) => boolean): void {
      const bucket = buckets.get(bucketKey);
      if (!bucket) return;
      const { seats, ranks } = includeReach ? bucket.byReach : bucket.byClosing;
      for (let k = firstAtLeast(ranks, rank); k < seats.length; k++) {
        const i = seats[k];
        if (!accept(i)) continue;
        marks[i] = stamp;
        listedRank[i] = rank;
        matched.push(i);
      }
    },
    /** How many seats the query matched. */
    total: (): number => matched.length,
    page(sortBy: S | 'chance', offset: number, limit: number): number[] {
      if (sortBy !== 'chance') return pageInOrder(sorts[sortBy], marks, stamp, matched, offset, limit);
      for (const i of matched) key[i] = chanceKey(closing[i], scale[i], listedRank[i], adjustments?.[i]);
      return pageBy(matched, byChance, offset, limit);
    },
  };
}
