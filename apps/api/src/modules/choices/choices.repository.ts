import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { choiceLists, type StoredChoice } from '../../db/schema/choices.ts';
import type { BacktestBandYear } from './outcome-model.ts';
import { curveOfRow } from '../../lib/chance-curves.ts';
import type { ChanceCurve, SeatChanceCard } from '../../lib/chance.ts';

/** A seat of a list as read from the predictors' reference tables (engineering or NEET PG). */
export type ListSeatRecord = {
  id: string;
  institute_id: string;
  institute_name: string;
  /** IIT, NIT, IIIT, GFTI; null for NEET PG. */
  institute_type: string | null;
  /** '2A' / '2B': a B.Arch / B.Planning seat judged on a JEE Main Paper 2 rank (decision 0021); null otherwise and for NEET PG. */
  rank_paper: '2A' | '2B' | null;
  program_name: string;
  quota: string;
  seat_type: string;
  gender: string;
  eligible_states: string[] | null;
  opening_rank: number;
  closing_rank: number;
  year: number;
  round: number;
  median_salary_lpa: number | null;
  fees_inr: number | null;
  chance_scale: number;
  chance_wide: boolean;
  chance_card: SeatChanceCard;
  /** The seat group's change of z (engineering; NEET PG: none). docs/decisions/0014. */
  chance_shift: number;
  chance_below: number;
  chance_above: number;
};

export type ChanceModelInfo = { stream: 'josaa' | 'neet-pg'; referenceYear: number; computedAt: string; backtest: { years: BacktestBandYear[] } };

export type ChoiceListRecord = typeof choiceLists.$inferSelect;

const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

const ENGINEERING_SEAT = sql`id, institute_id, institute_name, institute_type, rank_paper, program_name, quota, seat_type, gender, eligible_states, opening_rank,
  closing_rank, year, round, median_salary_lpa, tuition_inr_per_year as fees_inr, chance_scale, chance_wide, chance_card, chance_shift, chance_below,
  chance_above`;
const MEDICAL_SEAT = sql`id, institute_id, institute_name, null::text as institute_type, null::text as rank_paper, course as program_name, quota, category as seat_type,
  'Gender-Neutral' as gender, null::text[] as eligible_states, opening_rank, closing_rank, year, round, null::real as median_salary_lpa,
  annual_fee_inr as fees_inr, chance_scale, chance_wide, chance_card, 0::float8 as chance_shift, 1::float8 as chance_below, 1::float8 as chance_above`;

export function createChoicesRepository(db: Db) {
  return {
    /** The seats of these ids in one counselling's data ('josaa', 'csab' engineering schemes, or NEET PG). */
    async findSeats(source: 'josaa' | 'csab' | 'neet-pg', ids: string[]): Promise<ListSeatRecord[]> {
      if (!ids.length) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const r =
        source === 'neet-pg'
          ? await db.execute(sql`select ${MEDICAL_SEAT} from medical_reference where id in (${list})`)
          : await db.execute(sql`select ${ENGINEERING_SEAT} from engineering_reference where scheme = ${source} and id in (${list})`);
      return rowsOf<ListSeatRecord>(r);
    },

    /** The reference seat of an institute's program, quota, seat type and pool in JoSAA's or CSAB's data (a college page's seat), or null. */
    async findSeatId(
      source: 'josaa' | 'csab',
      seat: { instituteId: string; programName: string; quota: string; seatType: string; gender: string },
    ): Promise<string | null> {
      const r = await db.execute(
        sql`select id from engineering_reference where scheme = ${source} and institute_id = ${seat.instituteId} and program_name = ${seat.programName}
            and quota = ${seat.quota} and seat_type = ${seat.seatType} and gender = ${seat.gender} order by id limit 1`,
      );
      return rowsOf<{ id: string }>(r)[0]?.id ?? null;
    },

    /** A page of the catalogue in a neutral order (institute, program, quota, seat type, pool). */
    async catalogue(
      source: 'josaa' | 'csab' | 'neet-pg',
      f: { seatTypes: string[] | null; genders: string[] | null; homeState: string | null; needle: string; limit: number; offset: number },
    ): Promise<{ rows: ListSeatRecord[]; total: number }> {
      const like = `%${f.needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const inList = (col: string, values: string[] | null) =>
        values === null
          ? sql`true`
          : sql`${sql.identifier(col)} in (${sql.join(
              values.map((v) => sql`${v}`),
              sql`, `,
            )})`;
      const where =
        source === 'neet-pg'
          ? sql`${inList('category', f.seatTypes)} and search_text like ${like}`
          : sql`scheme = ${source} and ${inList('seat_type', f.seatTypes)} and ${inList('gender', f.genders)}
              and (${f.homeState === null} or eligible_states is null or ${f.homeState ?? ''} = any(eligible_states)) and search_text like ${like}`;
      const table = source === 'neet-pg' ? sql`medical_reference` : sql`engineering_reference`;
      const order = source === 'neet-pg' ? sql`institute_name, course, quota, category, id` : sql`institute_name, program_name, quota, seat_type, gender, id`;
      const [page, count] = await Promise.all([
        db.execute(
          sql`select ${source === 'neet-pg' ? MEDICAL_SEAT : ENGINEERING_SEAT} from ${table} where ${where} order by ${order} limit ${f.limit} offset ${f.offset}`,
        ),
        db.execute(sql`select count(*)::int as n from ${table} where ${where}`),
      ]);
      return { rows: rowsOf<ListSeatRecord>(page), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
    },

    async findChanceCurve(stream: 'josaa' | 'neet-pg'): Promise<ChanceCurve | null> {
      const r = await db.execute(sql`select move_table, calibration from chance_models where stream = ${stream}`);
      return curveOfRow(rowsOf<{ move_table: number[]; calibration: ChanceCurve['calibration'] }>(r)[0]);
    },

    async findModelInfo(stream: 'josaa' | 'neet-pg'): Promise<ChanceModelInfo | null> {
      const r = await db.execute(sql`select reference_year, computed_at, backtest from chance_models where stream = ${stream}`);
      const row = rowsOf<{ reference_year: number; computed_at: string; backtest: { years: BacktestBandYear[] } }>(r)[0];
      return row ? { stream, referenceYear: row.reference_year, computedAt: row.computed_at, backtest: row.backtest } : null;
    },

    async findBacktests(): Promise<{ name: string; figures: unknown; computed_at: string }[]> {
      return rowsOf<{ name: string; figures: unknown; computed_at: string }>(await db.execute(sql`select name, figures, computed_at from choice_backtests`));
    },

    listsOf(userId: string) {
      return db.select().from(choiceLists).where(eq(choiceLists.userId, userId)).orderBy(desc(choiceLists.updatedAt), desc(choiceLists.id));
    },

    async countOf(userId: string): Promise<number> {
      const r = await db.execute(sql`select count(*)::int as n from choice_lists where user_id = ${userId}`);
      return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
    },

    async find(userId: string, id: string, opts: { lock?: boolean } = {}): Promise<ChoiceListRecord | null> {
      const q = db
        .select()
        .from(choiceLists)
        .where(and(eq(choiceLists.id, id), eq(choiceLists.userId, userId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async latestOf(userId: string, counselling: ChoiceListRecord['counselling'], opts: { lock?: boolean } = {}): Promise<ChoiceListRecord | null> {
      const q = db
        .select()
        .from(choiceLists)
        .where(and(eq(choiceLists.userId, userId), eq(choiceLists.counselling, counselling)))
        .orderBy(desc(choiceLists.updatedAt), desc(choiceLists.id))
        .limit(1);
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async insert(v: { userId: string; name: string; counselling: ChoiceListRecord['counselling']; student: unknown; items: StoredChoice[]; now: Date }) {
      const [row] = await db
        .insert(choiceLists)
        .values({ userId: v.userId, name: v.name, counselling: v.counselling, student: v.student, items: v.items, createdAt: v.now, updatedAt: v.now })
        .returning();
      return row;
    },

    /** Saves a change made on `version`; null when the list was saved meanwhile (or is not the user's). */
    async update(userId: string, id: string, version: number, v: { name?: string; student?: unknown; items?: StoredChoice[]; now: Date }) {
      const [row] = await db
        .update(choiceLists)
        .set({
          ...(v.name !== undefined ? { name: v.name } : {}),
          ...(v.student !== undefined ? { student: v.student } : {}),
          ...(v.items !== undefined ? { items: v.items } : {}),
          version: sql`${choiceLists.version} + 1`,
          updatedAt: v.now,
        })
        .where(and(eq(choiceLists.id, id), eq(choiceLists.userId, userId), eq(choiceLists.version, version)))
        .returning();
      return row ?? null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(choiceLists)
        .where(and(eq(choiceLists.id, id), eq(choiceLists.userId, userId)))
        .returning({ id: choiceLists.id });
      return rows.length > 0;
    },

    async setShareToken(userId: string, id: string, token: string | null): Promise<ChoiceListRecord | null> {
      const [row] = await db
        .update(choiceLists)
        .set({ shareToken: token })
        .where(and(eq(choiceLists.id, id), eq(choiceLists.userId, userId)))
        .returning();
      return row ?? null;
    },

    async findShared(token: string): Promise<(ChoiceListRecord & { owner: string }) | null> {
      const r = await db.execute(
        sql`select l.id, l.name, l.counselling, l.student, l.items, l.updated_at, u.username as owner
            from choice_lists l join users u on u.id = l.user_id where l.share_token = ${token}`,
      );
      const row = rowsOf<{
        id: string;
        name: string;
        counselling: ChoiceListRecord['counselling'];
        student: unknown;
        items: StoredChoice[];
        updated_at: string | Date;
        owner: string;
      }>(r)[0];
      return row ? ({ ...row, updatedAt: new Date(row.updated_at), owner: row.owner } as unknown as ChoiceListRecord & { owner: string }) : null;
    },

    /** The student of a booking whose counsellor is this user (a held hold or a cancelled one does not count). */
    async sessionStudent(counsellorUserId: string, bookingId: string): Promise<string | null> {
      const r = await db.execute(
        sql`select b.student_id from bookings b join counsellors c on c.id = b.counsellor_id
            where b.id = ${bookingId} and c.user_id = ${counsellorUserId} and b.status in ('paid', 'confirmed', 'completed')`,
      );
      return rowsOf<{ student_id: string }>(r)[0]?.student_id ?? null;
    },

    async sharedListsOf(userId: string) {
      const r = await db.execute(
        sql`select l.id, l.name, l.counselling, l.student, l.items, l.updated_at, l.share_token, u.username as owner
            from choice_lists l join users u on u.id = l.user_id where l.user_id = ${userId} and l.share_token is not null order by l.updated_at desc`,
      );
      return rowsOf<{
        id: string;
        name: string;
        counselling: ChoiceListRecord['counselling'];
        student: unknown;
        items: StoredChoice[];
        updated_at: string | Date;
        share_token: string;
        owner: string;
      }>(r);
    },
  };
}
export type ChoicesRepository = ReturnType<typeof createChoicesRepository>;

/**
 * Every JoSAA (or CSAB) move from a round to the seat's last round, in the years before `beforeYear`
 * (round-model.ts: rows with a preparatory rank left out before the last round is taken).
 */
export async function findRoundMoves(
  db: Db,
  beforeYear: number,
  counselling: 'JoSAA' | 'CSAB' = 'JoSAA',
): Promise<{ round: number; from: number; d: number; year: number }[]> {
  const r = await db.execute(sql`
    select year, round, closing_rank as c, final, last from (
      select year, round, closing_rank,
        last_value(closing_rank) over w as final,
        max(round) over w as last
      from engineering_cutoffs
      where counselling = ${counselling} and year < ${beforeYear} and not opening_preparatory and not closing_preparatory and closing_rank >= 1
      window w as (partition by year, institute_id, program_id, quota, seat_type, gender order by round rows between unbounded preceding and unbounded following)
    ) m where round < last`);
  return rowsOf<{ year: number; round: number; c: number; final: number }>(r).map((x) => ({
    year: x.year,
    round: x.round,
    from: x.c,
    d: Math.log(x.final / x.c),
  }));
}
