import type { ProgramSeats, RankRow } from '@rankwise/contract/colleges';
import { useQuery } from '@tanstack/react-query';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { AddToChoices } from '@/components/choices/add-to-choices.tsx';
import { poolLabel, quotaLabels, type SeatRef } from '@/lib/college-links.ts';
import { historyQuery, seatsQuery } from '../api/colleges.queries.ts';
import { CutoffChart } from './cutoff-chart.tsx';

const QUOTA_ORDER = ['AI', 'OS', 'HS', 'GO', 'JK', 'LA', 'AP'];
const SEAT_ORDER = ['OPEN', 'EWS', 'OBC-NCL', 'SC', 'ST', 'OPEN (PwD)', 'EWS (PwD)', 'OBC-NCL (PwD)', 'SC (PwD)', 'ST (PwD)'];
const byOrder = (order: string[]) => (a: string, b: string) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || (a < b ? -1 : 1);
const unique = <T,>(xs: T[]) => [...new Set(xs)];

/**
 * The seat to show: the one asked for when the institute has it; otherwise, part by part, the
 * nearest the institute has (program, then quota, seat type and pool, preferring OPEN and
 * Gender-Neutral), starting from its latest programs.
 */
export function chooseSeat(programs: ProgramSeats[], want: Partial<SeatRef>): SeatRef | null {
  if (!programs.length) return null;
  const latest = Math.max(...programs.map((p) => p.lastYear));
  const program = programs.find((p) => p.programName === want.programName) ?? programs.find((p) => p.lastYear === latest) ?? programs[0];
  const quotas = unique(program.seats.map((s) => s.quota)).sort(byOrder(QUOTA_ORDER));
  const quota = quotas.includes(want.quota ?? '') ? want.quota! : quotas[0];
  const seatTypes = unique(program.seats.filter((s) => s.quota === quota).map((s) => s.seatType)).sort(byOrder(SEAT_ORDER));
  const seatType = seatTypes.includes(want.seatType ?? '') ? want.seatType! : seatTypes[0];
  const genders = unique(program.seats.filter((s) => s.quota === quota && s.seatType === seatType).map((s) => s.gender)).sort();
  const gender = genders.includes(want.gender ?? '') ? want.gender! : (genders.find((g) => g === 'Gender-Neutral') ?? genders[0]);
  return { programName: program.programName, quota, seatType, gender };
}

function Picker({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange(v: string): void }) {
  const id = `history-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputStyles}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const seatLabel = (s: SeatRef) => `${s.programName}, ${quotaLabels[s.quota] ?? s.quota} quota, ${s.seatType}, ${poolLabel(s.gender)}`;

/** Closing-rank history of one seat: a picker (preselected from the result the student came from), a chart and the same numbers as a table. */
export function CutoffHistory({ instituteId, want, onChange }: { instituteId: string; want: Partial<SeatRef>; onChange(seat: SeatRef): void }) {
  const seats = useQuery(seatsQuery(instituteId));
  const programs = seats.data?.data.programs ?? [];
  const seat = chooseSeat(programs, want);
  const history = useQuery({ ...historyQuery(instituteId, seat ?? { programName: '', quota: '', seatType: '', gender: '' }), enabled: seat !== null });

  if (seats.isPending) return <p role="status">Loading the programs…</p>;
  if (seats.isError || !seat) return <p>No closing ranks are published for this college.</p>;
  const program = programs.find((p) => p.programName === seat.programName)!;
  const latest = Math.max(...programs.map((p) => p.lastYear));
  const seatKey = `${seat.programName}|${seat.quota}|${seat.seatType}|${seat.gender}`;
  const set = (patch: Partial<SeatRef>) => onChange(chooseSeat(programs, { ...seat, ...patch })!);
  const inQuota = program.seats.filter((s) => s.quota === seat.quota);
  const rows: RankRow[] = history.data?.data.rows ?? [];

  return (
    <div className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Picker
          label="Program"
          value={seat.programName}
          options={programs.map((p) => ({ value: p.programName, label: p.lastYear < latest ? `${p.programName} (until ${p.lastYear})` : p.programName }))}
          onChange={(programName) => set({ programName })}
        />
        <Picker
          label="Quota"
          value={seat.quota}
          options={unique(program.seats.map((s) => s.quota))
            .sort(byOrder(QUOTA_ORDER))
            .map((q) => ({ value: q, label: quotaLabels[q] ?? q }))}
          onChange={(quota) => set({ quota })}
        />
        <Picker
          label="Seat type"
          value={seat.seatType}
          options={unique(inQuota.map((s) => s.seatType))
            .sort(byOrder(SEAT_ORDER))
            .map((t) => ({ value: t, label: t }))}
          onChange={(seatType) => set({ seatType })}
        />
        <Picker
          label="Pool"
          value={seat.gender}
          options={unique(inQuota.filter((s) => s.seatType === seat.seatType).map((s) => s.gender))
            .sort()
            .map((g) => ({ value: g, label: g }))}
          onChange={(gender) => set({ gender })}
        />
      </div>
      {history.isPending ? (
        <p role="status">Loading the closing ranks…</p>
      ) : history.isError ? (
        <p role="alert">The closing ranks could not be loaded. Please try again.</p>
      ) : (
        <>
          <CutoffChart rows={rows} title={`Opening and closing ranks by JoSAA round: ${seatLabel(seat)}`} />
          {rows.some((r) => r.counselling === 'CSAB') ? (
            <CutoffChart
              rows={rows}
              counselling="CSAB"
              title={`Opening and closing ranks by CSAB round (common-rank-list ranks${seat.seatType === 'OPEN' ? '' : ', not comparable with JoSAA’s category ranks'}): ${seatLabel(seat)}`}
            />
          ) : null}
          <div className="flex flex-wrap gap-2" data-testid="college-add-choices">
            {/* 'Add to my choices' (issue 23): the seat picked here, as JoSAA's (and CSAB's, when CSAB offers it) reference seat. */}
            <AddToChoices key={`JoSAA|${seatKey}`} seat={{ instituteId, ...seat }} counselling="JoSAA" label="Add to my JoSAA choices" />
            {rows.some((r) => r.counselling === 'CSAB') ? (
              <AddToChoices key={`CSAB|${seatKey}`} seat={{ instituteId, ...seat }} counselling="CSAB" label="Add to my CSAB choices" />
            ) : null}
          </div>
          <HistoryTable rows={rows} seat={seat} />
        </>
      )}
    </div>
  );
}

/** A rank as the table shows it: a preparatory one as '187 preparatory list' ('*' when the mark is the 2016-2024 rule's). */
function rankCell(rank: string, byRule: boolean) {
  if (!rank.endsWith('P')) return rank;
  return (
    <>
      {rank.slice(0, -1)} <span className="text-xs text-slate-600">preparatory list{byRule ? '*' : ''}</span>
    </>
  );
}

function HistoryTable({ rows, seat }: { rows: RankRow[]; seat: SeatRef }) {
  const hasPrep = rows.some((r) => r.openingRank.endsWith('P') || r.closingRank.endsWith('P'));
  return (
    // A scrolling region without links or buttons must take focus itself to be scrolled by keyboard (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="max-h-[28rem] overflow-auto rounded-xl border border-slate-200" role="region" aria-labelledby="history-caption" tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm">
        <caption id="history-caption" className="bg-slate-50 p-3 text-left font-medium text-slate-800">
          Opening and closing ranks of every round: {seatLabel(seat)}
          {hasPrep ? (
            <span className="block text-xs font-normal text-slate-600">
              A rank on the preparatory list is on JEE (Advanced)’s preparatory-course rank list, which is not comparable with ordinary ranks (left out of the
              chart).
              {rows.some((r) => r.preparatoryByRule)
                ? ' The 2016-2024 files dropped its P mark: there, a closing rank below the opening rank at an IIT SC, ST or PwD seat is taken as one (marked *).'
                : null}
            </span>
          ) : null}
        </caption>
        <thead className="sticky top-0 bg-white">
          <tr className="border-b border-slate-200">
            <th scope="col" className="p-2">
              Year
            </th>
            <th scope="col" className="p-2">
              Counselling
            </th>
            <th scope="col" className="p-2">
              Round
            </th>
            <th scope="col" className="p-2 text-right">
              Opening rank
            </th>
            <th scope="col" className="p-2 text-right">
              Closing rank
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.counselling}-${r.year}-${r.round}`} className="border-b border-slate-100 last:border-0">
              <td className="p-2">{r.year}</td>
              <td className="p-2">{r.counselling}</td>
              <td className="p-2">{r.round}</td>
              <td className="p-2 text-right tabular-nums">{rankCell(r.openingRank, false)}</td>
              <td className="p-2 text-right tabular-nums">{rankCell(r.closingRank, r.preparatoryByRule)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
