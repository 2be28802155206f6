import type { Backtest, Methodology } from '@rankwise/contract/chance';
import { useQuery } from '@tanstack/react-query';
import { ChoiceBacktests } from '@/components/choices/choice-backtests.tsx';
import { Page, Section } from '@/components/ui/page.tsx';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { methodologyQuery } from '../api/methodology.queries.ts';
import { bandColour, CalibrationPlot } from './calibration-plot.tsx';
import { GroupCalibration, YearSwing } from './group-calibration.tsx';
import { NeetPgBacktests } from './neet-pg-backtests.tsx';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const int = (v: number) => v.toLocaleString('en-IN');

type StreamData = { backtest: Backtest; model: NonNullable<Methodology['data']['josaa']>['model'] };
type StepData = NonNullable<NonNullable<Methodology['data']['josaa']>['step']>;
type DataSets = NonNullable<Methodology['data']['dataSets']>;

function BandTable({ backtest, caption }: { backtest: Backtest; caption: string }) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-left font-medium text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            <th scope="col" className="py-2 pr-3">
              Band
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Points
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Average chance given
            </th>
            <th scope="col" className="py-2 text-right">
              Share who got the seat
            </th>
          </tr>
        </thead>
        <tbody>
          {backtest.total.bands.map((b) => (
            <tr key={b.band} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: bandColour[b.band] }} />
                  {b.band}
                </span>
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{int(b.n)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{b.n ? pct(b.predicted) : '–'}</td>
              <td className="py-2 text-right tabular-nums">{b.n ? pct(b.observed) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function YearTable({ backtest, caption }: { backtest: Backtest; caption: string }) {
  const bands = backtest.total.bands.map((b) => b.band);
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="mb-2 text-left font-medium text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            <th scope="col" className="py-2 pr-3">
              Year predicted
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Seats
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Points
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Brier score
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Last-year rule
            </th>
            {bands.map((b) => (
              <th key={b} scope="col" className="py-2 pr-3 text-right">
                {b}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {backtest.years.map((y) => (
            <tr key={y.year} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {y.year}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{int(y.seats)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{int(y.points)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{y.brier.toFixed(4)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{y.baselineBrier.toFixed(4)}</td>
              {y.bands.map((b) => (
                <td key={b.band} className="py-2 pr-3 text-right tabular-nums">
                  {b.n ? `${pct(b.observed)} / ${pct(b.predicted)}` : '–'}
                </td>
              ))}
            </tr>
          ))}
          <tr className="font-semibold">
            <th scope="row" className="py-2 pr-3 text-left">
              All
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{int(backtest.total.seats)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{int(backtest.total.points)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{backtest.total.brier.toFixed(4)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{backtest.total.baselineBrier.toFixed(4)}</td>
            {backtest.total.bands.map((b) => (
              <td key={b.band} className="py-2 pr-3 text-right tabular-nums">
                {b.n ? `${pct(b.observed)} / ${pct(b.predicted)}` : '–'}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-600">Each band cell: share who got the seat / average chance given.</p>
    </ScrollRegion>
  );
}

/** When the reference year's last published round is not its final one (2026: round 5 of 6). */
function StepAccuracy({ step, referenceYear }: { step: StepData; referenceYear: number }) {
  const { backtest, asFinal } = step;
  const better = backtest.total.brier <= asFinal.total.brier;
  return (
    <Section title={`JoSAA ${referenceYear}: judged on round ${step.round}, not yet the final round`}>
      <p>
        The last JoSAA round of {referenceYear} is not in our data yet, so {referenceYear} seats are judged on their round {step.round} closing ranks. A round{' '}
        {step.round} closing rank is not a final one: from round {step.round} to the last round most seats do not move, but a fifth to a quarter loosen by more
        than 5%. So the chances are computed with a step learned from the years that have both: how each seat’s final closing rank of the next year compared
        with its round {step.round} closing rank.
      </p>
      <p>
        Backtest of that step, predicting each year’s final closing ranks from the year before’s round {step.round}: Brier score{' '}
        <strong>{backtest.total.brier.toFixed(4)}</strong>, against <strong>{asFinal.total.brier.toFixed(4)}</strong> for the same points when round{' '}
        {step.round} is taken as final (the chances without the step) — the step {better ? 'scores better' : 'scores worse'}. The last row,{' '}
        {`${backtest.years.at(-1)?.year ?? ''}`}, predicts from the year before’s last published round.
      </p>
      <YearTable backtest={backtest} caption={`JoSAA with the round-${step.round} step, per year`} />
      <YearTable backtest={asFinal} caption={`JoSAA with round ${step.round} taken as final (no step), per year`} />
    </Section>
  );
}

function DataSetList({ dataSets }: { dataSets: DataSets }) {
  return (
    <Section title="The data the answers are judged on">
      <ul className="list-disc space-y-1 pl-6">
        {dataSets.map((d) => (
          <li key={d.name}>
            <strong>{d.label}</strong>: last updated {d.updatedOn}
            {d.importedAt ? ` (imported ${d.importedAt.slice(0, 10)})` : ''}.
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Accuracy({ name, data }: { name: string; data: StreamData }) {
  const { backtest, model } = data;
  const first = backtest.years[0]?.year;
  const last = backtest.years.at(-1)?.year;
  const years = first === last ? `${last}` : `${first}–${last}`;
  return (
    <Section title={`${name}: how accurate it was`}>
      <p>
        Backtest over {years}: {int(backtest.total.seats)} seat-years and {int(backtest.total.points)} rank points. The chances scored a Brier score of{' '}
        <strong>{backtest.total.brier.toFixed(4)}</strong>; the rule “you get the seat if your rank is at or below last year’s closing rank” scored{' '}
        <strong>{backtest.total.baselineBrier.toFixed(4)}</strong> on the same points (lower is better; 0 is perfect).
      </p>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <BandTable backtest={backtest} caption={`${name} calibration, all backtest years`} />
        <CalibrationPlot backtest={backtest} title={`${name}: predicted chance against the share who got the seat, per band and year`} />
      </div>
      <YearTable backtest={backtest} caption={`${name} per year: Brier scores and calibration per band`} />
      <YearSwing backtest={backtest} name={name} />
      <GroupCalibration backtest={backtest} name={name} />
      <p className="text-sm">
        The chances shown now are for {model.predictYear}, from the {model.referenceYear} closing ranks. The model learned from {int(model.moves)} year-to-year
        moves of closing ranks in {int(model.groups)} groups of seats; {int(model.wideMoves)} of them were of seats{' '}
        {data.model.stream === 'neet-pg' ? 'new that year, flagged, or with 3 or fewer allotments' : 'new that year'}, whose moves were{' '}
        {model.wideFactor.toFixed(2)} times as wide, so such seats get a wider band.
      </p>
    </Section>
  );
}

export function MethodologyPage() {
  const query = useQuery(methodologyQuery());
  const data = query.data?.data;
  return (
    <Page
      title="How we compute your chance of admission"
      lead="Every result shows the chance that a student with your rank gets that seat in the next counselling, worked out from the real closing ranks of past years (JoSAA since 2016, NEET PG since 2023), and how often such chances came true."
    >
      <Section title="In plain words">
        <p>
          A seat (an institute’s program, in one quota, seat category and gender pool) closes at a different rank every year. We looked at how much each seat’s
          final closing rank moved from one year to the next, in every year of the data. Your chance is the share of comparable past moves that would have kept
          the seat open down to your rank, starting from the seat’s latest closing rank.
        </p>
        <p>
          Comparable means: seats whose closing ranks are of a similar size (a seat that closes at 150 jumps around far more, in relative terms, than one that
          closes at 15,000), of the same category (the PwD seat types together), quota and gender pool. A seat that has moved a lot in its recent years gets a
          wider band than a steady one; a seat that is new this year has no history of its own, so it gets the wider band new seats showed in the past. Finally,
          the chances are checked against the outcomes of earlier years and corrected where they were too high or too low (a calibration table).
        </p>
        <p>Everything on this page is computed by our importer from the published data and stored; nothing is typed by hand.</p>
      </Section>

      <Section title="Bands">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Safe</strong>: 85% or more.
          </li>
          <li>
            <strong>Likely</strong>: 65% to 84%.
          </li>
          <li>
            <strong>Toss-up</strong>: 35% to 64%.
          </li>
          <li>
            <strong>Reach</strong>: 15% to 34%. Seats that closed above your rank are listed only when you switch on “Show reach seats”, and then only with a
            chance of {data ? data.rules.reachMinPercent : 15}% or more.
          </li>
          <li>
            <strong>Unlikely</strong>: below 15% (counted in the backtest; not listed as a reach seat).
          </li>
        </ul>
        <p>The band is read from the whole percentage shown on the card.</p>
      </Section>

      {query.isPending ? <p>Loading the backtest…</p> : null}
      {query.isError ? <p role="alert">The backtest could not be loaded. Please try again later.</p> : null}
      {data?.dataSets?.length ? <DataSetList dataSets={data.dataSets} /> : null}
      {data?.josaa ? <Accuracy name="JoSAA" data={data.josaa} /> : null}
      {data?.josaa?.step ? <StepAccuracy step={data.josaa.step} referenceYear={data.josaa.model.referenceYear} /> : null}
      {data?.csab ? <Accuracy name="CSAB" data={data.csab} /> : null}
      {data?.neetPg ? <Accuracy name="NEET PG" data={data.neetPg} /> : null}
      {data?.neetPg ? <NeetPgBacktests neetPg={data.neetPg} /> : null}
      {data && !data.josaa && !data.neetPg ? <p>The backtest has not been computed yet: the data is still being imported.</p> : null}

      <Section title="Exactly what the backtest counts">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>A seat</strong> is institute × program × quota × seat type × gender pool, named as the JoSAA files print them (HTML entities decoded, spaces
            collapsed; before 2018 every seat was gender-neutral). Its closing rank in a year is the closing rank of the last round it appears in that year.
          </li>
          <li>
            <strong>Preparatory ranks</strong> (‘50P’): when a seat’s last-round row has one, the seat has no comparable closing rank that year and is left out
            of that year, as are closing ranks of 0. The 2016-2024 files dropped the P: there, an IIT SC, ST or PwD row whose opening rank is above its closing
            rank is taken to end on a preparatory rank.
          </li>
          <li>
            <strong>Predicting year Y</strong>: the model is fitted on years before Y only, and scored on every seat with a closing rank in both Y − 1 (the
            reference) and Y (the outcome). A seat missing in either year is not scored: it was not offered, or we would not have shown it.
          </li>
          <li>
            <strong>Rank points</strong>: for a seat whose reference closing rank is C, the ranks round(p × C / 100) for p ={' '}
            {data ? data.rankPercents.join(', ') : '…'} (halves rounded up, at least 1).
          </li>
          <li>
            <strong>Outcome</strong>: a point counts as admitted when its rank is at or below the seat’s closing rank in Y.
          </li>
          <li>
            <strong>Brier score</strong>: the mean of (chance − outcome)² over all points. The last-year rule gives 1 to ranks at or below C and 0 above it.
          </li>
          <li>
            <strong>Calibration table</strong> for year Y: from the chances and outcomes of the backtest years before Y (none for the first year).
          </li>
          <li>
            <strong>NEET PG</strong>: a seat is institute × course × quota × seat category; its closing rank is the highest All India Rank allotted in rounds 1
            to 3, an institute followed across its renamings.{' '}
            {data
              ? `In 2023 and 2024 (single allotments) one stray allotment is set aside: when a seat has ${data.rules.neetPgOutlierMinAllotments} or more allotments and its highest rank is more than ${data.rules.neetPgOutlierFactor} times the next one, the next one is the closing rank. 2025 gives only each round’s lowest and highest rank, so the next one is not known: such a seat keeps its highest rank, is flagged on its card and gets the wider band. Seats with ${data.rules.neetPgFewAllotments} or fewer allotments are flagged ‘few allotments’ and get the wider band.`
              : null}{' '}
            Two backtests: the two-fold one predicts 2024 for half of the institutes from the other half (institutes sorted by id, alternating), both ways; the
            forward one predicts 2025 from the years before it. The DNB quota and the other quotas are calibrated apart.
          </li>
          <li>
            <strong>CSAB</strong>: a seat is the institute (renamed institutes followed) × program × quota × seat type × gender pool of the CSAB special rounds;
            its closing rank in a year is that of its last CSAB round that year (preparatory and DASA seats left out, never IITs). Predicting CSAB year Y from Y
            − 1: the JoSAA model fitted on years before Y, the seat’s volatility from its JoSAA history, the JoSAA calibration table of the backtest years
            before Y, and the same rank points, outcomes and last-year rule. CSAB ranks are common-rank-list ranks in both years, so the years compare.
          </li>
          <li>
            <strong>The round-to-final step</strong> (when the reference year stops at round R): a seat’s reference in Y − 1 is its closing rank in its last
            round up to R; the step’s table is made of the moves from a year’s round R to the next year’s final closing rank, for years whose final round came
            after R and ended before Y − 1; the group spreads come from final-to-final moves into years before Y − 1.
          </li>
        </ul>
        <p className="text-sm">
          Anyone can recompute these tables from the public files with <code>npm run backtest</code> in our repository (add <code>--csv points.csv</code> for
          every scored point).
        </p>
      </Section>

      <Section title="Known limits">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            A whole year can move together (more candidates, more seats, new rules): in some backtest years every band came true more often, in others less. The
            chance carries the average of those swings, not the next one.
          </li>
          <li>PwD seats and small pools close at small ranks that swing widely; their chances are less sharp.</li>
          <li>New seats have no history of their own: they get the wider band new seats showed before.</li>
          <li>
            CSAB publishes every seat type’s closing rank on the common rank list (CRL): a CSAB chance compares your CRL rank with the CSAB closing rank, with
            the JoSAA model. It is backtested on CSAB’s own years (
            {data?.csab ? data.csab.backtest.years.map((y) => `${y.year - 1} → ${y.year}`).join(', ') : 'when two are in the data'}
            ): one year pair, so a CSAB-wide swing of another year is not measured.
          </li>
          <li>
            NEET PG has three years (2023 to 2025). Its two-fold backtest, built from one pair of years, cannot show the year-to-year swing; the forward
            backtest shows one year of it, and one year is all it shows. A seat with few allotments, or one stray late allotment, makes its closing rank
            uncertain.
          </li>
          <li>A chance is a summary of the past, not a promise: counselling rules, seat matrices and the number of candidates change.</li>
        </ul>
      </Section>
      <ChoiceBacktests />
    </Page>
  );
}
