import { familyIncomeBands, familyIncomeLabels, type CollegeDetail, type FamilyIncomeBand } from '@rankwise/contract/colleges';
import { engineeringCategories, type EngineeringCategory } from '@rankwise/contract/engineering';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { connectStudentsUrl, seatFromSearch, type SeatRef } from '@/lib/college-links.ts';
import { aboutCollegeQuery } from '../api/colleges.queries.ts';
import { CutoffHistory } from './cutoff-history.tsx';

export const DEFAULT_COLLEGE_NAME = 'Your College';
export const COLLEGE_INFO_ERROR_TEXT = 'Failed to fetch college information';
/** A name no college answers to is not a failure to fetch (issue 25): said plainly, with where to look instead. */
export const COLLEGE_NOT_FOUND_TEXT = 'We could not find this college';

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const asCategory = (v: string | null) => ((engineeringCategories as readonly string[]).includes(v ?? '') ? (v as EngineeringCategory) : undefined);
const asIncome = (v: string | null) => ((familyIncomeBands as readonly string[]).includes(v ?? '') ? (v as FamilyIncomeBand) : undefined);

function Section({ title, aside, children, id }: { title: ReactNode; aside?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
        {aside ? <span className="text-base font-normal text-slate-600"> {aside}</span> : null}
      </h2>
      <div className="mt-4 text-slate-800">{children}</div>
    </section>
  );
}

/** Spec §2 About college (query collegeName), with the closing-rank history, NIRF ranks, tuition and sources. */
export function AboutCollegePage() {
  const [params, setParams] = useSearchParams();
  const collegeName = params.get('collegeName')?.trim() ?? '';
  const category = asCategory(params.get('category'));
  const familyIncome = asIncome(params.get('income'));
  const query = useQuery({
    ...aboutCollegeQuery(collegeName, category, familyIncome),
    enabled: collegeName !== '',
    // While another category or income is fetched, keep showing the same college (never another one).
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === collegeName ? prev : undefined),
  });
  const college = query.data?.data;

  const setParam = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const onSeat = (s: SeatRef) => setParam({ program: s.programName, quota: s.quota, seatType: s.seatType, gender: s.gender });

  return (
    <main className="pb-16">
      <div className="bg-gradient-to-r from-brand-900 to-brand-700 px-4 py-12 text-white">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm uppercase tracking-wide text-brand-100">{college ? `${college.type} · ${college.location}` : 'College'}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{college?.name ?? (collegeName || DEFAULT_COLLEGE_NAME)}</h1>
          {college ? (
            <div className="mt-5 flex flex-wrap gap-3">
              <Link to={connectStudentsUrl(college.name)} className={`${buttonStyles.secondary} border-white`}>
                Connect with Students
              </Link>
              {college.nirfRank !== null ? (
                <span className="inline-flex items-center rounded-lg bg-white/10 px-4 py-2.5 font-medium">
                  NIRF {college.nirfRankYear} rank {college.nirfRank}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>

      <div className="mx-auto mt-8 max-w-6xl space-y-6 px-4">
        {!collegeName ? (
          <Section id="about-heading" title="About Our College">
            <p>No data found for this college</p>
          </Section>
        ) : query.isPending ? (
          <p role="status" className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
            Loading college information…
          </p>
        ) : query.isError && !college ? (
          <Section id="about-heading" title="About Our College">
            {query.error instanceof ApiError && query.error.code === 'NOT_FOUND' ? (
              <>
                <p role="alert" className="font-medium text-slate-900">
                  {COLLEGE_NOT_FOUND_TEXT}
                </p>
                <p className="mt-2 text-sm text-slate-700">
                  No college in the JoSAA or CSAB data is called “{collegeName}”. Check the spelling, or find it from{' '}
                  <Link to="/start" className="underline">
                    your results
                  </Link>
                  .
                </p>
              </>
            ) : (
              <p role="alert" className="font-medium text-red-700">
                {COLLEGE_INFO_ERROR_TEXT}
              </p>
            )}
          </Section>
        ) : college ? (
          <CollegeSections
            college={college}
            seat={seatFromSearch(params) ?? {}}
            onSeat={onSeat}
            category={category}
            familyIncome={familyIncome}
            onTuition={(c, i) => setParam({ category: c, income: i })}
          />
        ) : null}
      </div>
    </main>
  );
}

function CollegeSections({
  college,
  seat,
  onSeat,
  category,
  familyIncome,
  onTuition,
}: {
  college: CollegeDetail;
  seat: Partial<SeatRef>;
  onSeat(s: SeatRef): void;
  category?: EngineeringCategory;
  familyIncome?: FamilyIncomeBand;
  onTuition(category?: string, income?: string): void;
}) {
  return (
    <>
      <Section id="about-heading" title="About Our College">
        <p className="leading-relaxed">{college.about || 'Will be Added soon in the site'}</p>
        <Facts college={college} />
      </Section>

      <Section
        id="branches-heading"
        title="Available Branches"
        aside={college.programsYear ? `(${college.referenceLabel ?? `JoSAA ${college.programsYear}`})` : undefined}
      >
        {college.branchGroups.length ? (
          <div className="grid gap-5 sm:grid-cols-2">
            {college.branchGroups.map((g) => (
              <div key={g.group}>
                <h3 className="font-semibold text-slate-900">{g.group}</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                  {g.programs.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : (
          <p>No programs in the JoSAA data.</p>
        )}
      </Section>

      <Placements college={college} />

      <Section id="history-heading" title="Closing-rank history">
        <p className="mb-4 text-sm text-slate-700">
          Opening and closing ranks of every JoSAA round (and CSAB special round) from 2016, exactly as published. Pick a program, quota, seat type and pool.
        </p>
        <CutoffHistory instituteId={college.id} want={seat} onChange={onSeat} />
      </Section>

      <Section id="nirf-heading" title="NIRF rank by year">
        {college.nirfRanks.length ? (
          <>
            <table className="w-full max-w-sm border-collapse text-left text-sm">
              <caption className="sr-only">NIRF Engineering rank by year</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2">
                    NIRF edition
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Rank (Engineering)
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...college.nirfRanks].reverse().map((r) => (
                  <tr key={r.year} className="border-b border-slate-100">
                    <td className="py-2">{r.year}</td>
                    <td className="py-2 text-right tabular-nums">{r.rank}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-xs text-slate-600">
              Source: NIRF India Rankings, Engineering. The 2022 edition is not in our data; a missing year means not ranked in the top list that year.
            </p>
          </>
        ) : (
          <p>Not ranked in the NIRF Engineering lists we have (2016–2021, 2023–2025).</p>
        )}
      </Section>

      <TuitionSection college={college} category={category} familyIncome={familyIncome} onTuition={onTuition} />

      <Section id="sources-heading" title="Where these figures come from">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {college.sources.map((s) => (
            <li key={s.figure}>
              <span className="font-medium">{s.figure}</span>
              {s.year ? ` (${s.year})` : ''}: {s.source}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function Facts({ college }: { college: CollegeDetail }) {
  const facts: [string, ReactNode][] = [
    ['Institute type', college.typeLabel.replace(/^an? /, '')],
    ['Location', [college.location, college.pinCode ? `PIN ${college.pinCode}` : null].filter(Boolean).join(' · ')],
  ];
  if (college.coordinates)
    facts.push([
      'Coordinates',
      `${college.coordinates.latitude.toFixed(4)}, ${college.coordinates.longitude.toFixed(4)} (${college.coordinates.method === 'pin_centroid' ? 'PIN-code area' : 'town'}; GeoNames, CC BY 4.0)`,
    ]);
  if (college.address) facts.push(['Address (JoSAA 2023)', college.address]);
  if (college.website)
    facts.push([
      'Web site',
      <a
        key="w"
        href={/^https?:\/\//.test(college.website) ? college.website : `https://${college.website}`}
        className="text-brand-700 underline"
        rel="noreferrer"
        target="_blank"
      >
        {college.website}
      </a>,
    ]);
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt className="text-slate-600">{k}</dt>
          <dd className="font-medium text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Spec: each figure hidden when NA, the branch-wise table hidden when every row is NA, the year beside the title (DECISIONS.md). */
function Placements({ college }: { college: CollegeDetail }) {
  const branchRows = college.branchWiseAvgPackage.filter((b) => b.avgPackage !== 'NA');
  const shown =
    college.averagePackage !== 'NA' || college.highestPackage !== 'NA' || college.placementRate !== 'NA' || branchRows.length || college.companies.length;
  return (
    <Section id="placements-heading" title="Our Successful Placements" aside={college.placementYear ? `(${college.placementYear})` : undefined}>
      {shown ? (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            {college.averagePackage !== 'NA' ? (
              <Figure label={`Median package (NIRF, ${college.placementYear ?? 'year not given'})`} value={`${college.averagePackage} LPA`} />
            ) : null}
            {college.highestPackage !== 'NA' ? <Figure label="Highest package" value={`${college.highestPackage} LPA`} /> : null}
            {college.placementRate !== 'NA' ? <Figure label="students placed" value={`${college.placementRate}`} suffix="% students placed" /> : null}
          </div>
          {branchRows.length ? (
            <table className="mt-5 w-full max-w-lg border-collapse text-left text-sm">
              <caption className="text-left font-semibold text-slate-900">Branch-wise Average Package</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2">
                    Branch
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Package (LPA)
                  </th>
                </tr>
              </thead>
              <tbody>
                {branchRows.map((b) => (
                  <tr key={b.branch} className="border-b border-slate-100">
                    <td className="py-2">{b.branch}</td>
                    <td className="py-2 text-right">{b.avgPackage}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {college.companies.length ? (
            <div className="mt-5">
              <h3 className="font-semibold text-slate-900">Companies</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {college.companies.map((c) => (
                  <li key={c} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
                    {c}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {college.placementSource ? (
            <p className="mt-4 text-xs text-slate-600">
              Source: {college.placementSource}
              {college.placementYear ? `, graduating batch ${college.placementYear}` : ''}. The median is the middle salary of the graduates placed, not an
              average, and is not split by branch.
            </p>
          ) : null}
        </>
      ) : (
        <p>No placement figures for this college in the NIRF data we use.</p>
      )}
    </Section>
  );
}

function Figure({ label, value, suffix }: { label: string; value: string; suffix?: string }) {
  return (
    <div className="rounded-xl bg-brand-50 p-4">
      {suffix ? (
        <p className="text-2xl font-bold text-brand-900">
          {value.replace('%', '')}
          <span className="text-base font-medium">{suffix}</span>
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{label}</p>
          <p className="text-2xl font-bold text-brand-900">{value}</p>
        </>
      )}
    </div>
  );
}

function TuitionSection({
  college,
  category,
  familyIncome,
  onTuition,
}: {
  college: CollegeDetail;
  category?: EngineeringCategory;
  familyIncome?: FamilyIncomeBand;
  onTuition(category?: string, income?: string): void;
}) {
  const t = college.tuition;
  return (
    <Section id="tuition-heading" title="Tuition per year">
      {t ? (
        <div className="space-y-4">
          <p>
            <span className="text-2xl font-bold text-slate-900">₹{inr.format(t.perYearInr)}</span>{' '}
            <span className="text-slate-700">
              a year: {t.label}, for admissions from {t.fromAdmissionYear}.
            </span>
          </p>
          <p className="text-sm">
            <span className="font-medium">Full tuition waiver:</span> SC, ST and PwD students, and a family income below ₹1 lakh a year.{' '}
            <span className="font-medium">Two-thirds waiver:</span> a family income from ₹1 lakh to below ₹5 lakh a year.
          </p>
          <div className="grid max-w-2xl gap-3 sm:grid-cols-2">
            <FormField label="Your category">
              {(p) => (
                <select {...p} className={inputStyles} value={category ?? ''} onChange={(e) => onTuition(e.target.value || undefined, familyIncome)}>
                  <option value="">Not given</option>
                  {engineeringCategories.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Family income">
              {(p) => (
                <select {...p} className={inputStyles} value={familyIncome ?? ''} onChange={(e) => onTuition(category, e.target.value || undefined)}>
                  <option value="">Not given</option>
                  {familyIncomeBands.map((b) => (
                    <option key={b} value={b}>
                      {familyIncomeLabels[b]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          {t.forStudent ? (
            <p role="status" className="rounded-xl bg-brand-50 p-4 font-medium text-brand-900">
              You pay: {t.forStudent.explanation}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            {t.note} Source: {t.source}.
          </p>
        </div>
      ) : (
        <p>NA: no sourced tuition for this college yet (only the central IIT and NIT rates are in our data). Check the institute's own fee notice.</p>
      )}
    </Section>
  );
}
