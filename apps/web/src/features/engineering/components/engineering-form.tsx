import { zodResolver } from '@hookform/resolvers/zod';
import { homeStates } from '@rankwise/contract/reference';
import { branchGroups, engineeringCategories, examTypes, rankFromText, rankMessages, rankSchema } from '@rankwise/contract/engineering';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles, PlaceholderOptions } from '@/components/ui/form-field.tsx';
import { pendingForm, useOpenResults, useStartingValues } from '@/lib/pending-form.ts';
import { formValuesOf, fromSearchParams, resultsUrl } from '../preferences-url.ts';
import { Paper2RankFields } from './paper2-rank-fields.tsx';

// The contract's rank rule (rankSchema) on the text typed, reported as one refinement, not an
// aborting check: an aborted issue here would stop the object-level category check below from
// running, hiding 'Category is required' until the rank was valid.
const rankText = (optional: boolean) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (optional && v === '') return;
      const rank = rankSchema.safeParse(v === '' ? undefined : v);
      if (!rank.success) ctx.addIssue({ code: 'custom', message: rank.error.issues[0]?.message ?? rankMessages.invalid });
    });

const yesNo = z.enum(['Yes', 'No']);

/** The engineering form's values (spec §2 Start page, §5 validation messages). */
export const engineeringFormSchema = z
  .object({
    examType: z.enum(examTypes, { error: 'Exam type is required' }),
    seatType: z.string(),
    /** CSAB's own, optional category ('' = OPEN): docs/decisions/0011-csab-category.md. */
    csabSeatType: z.string(),
    rank: rankText(false),
    crlRank: rankText(true),
    /** JEE Main Paper 2A / 2B ranks (B.Arch, B.Planning outside IITs): docs/decisions/0021. */
    archRank: rankText(true),
    planningRank: rankText(true),
    gender: z.enum(['Male', 'Female']),
    homeState: z.string().min(1, 'Home state is required'),
    branch: z.array(z.enum(branchGroups)),
    sportsFacility: yesNo,
    hostelFacility: yesNo,
    messFacility: yesNo,
  })
  // `when`: report a missing category together with the other fields' errors, not after them.
  .refine((v) => v.examType === 'CSAB' || Boolean(v.seatType), { path: ['seatType'], message: 'Category is required', when: () => true });
export type EngineeringFormValues = z.infer<typeof engineeringFormSchema>;

const lastSearch = pendingForm<EngineeringFormValues>('Engineering');

const emptyForm: DefaultValues<EngineeringFormValues> = {
  seatType: '',
  csabSeatType: '',
  rank: '',
  crlRank: '',
  archRank: '',
  planningRank: '',
  gender: 'Male',
  homeState: '',
  branch: [],
  sportsFacility: 'Yes',
  hostelFacility: 'Yes',
  messFacility: 'Yes',
};

const examOptions = [
  { value: 'MAINS', label: 'JEE Mains' },
  { value: 'IIT', label: 'JEE Advanced' },
  { value: 'CSAB', label: 'CSAB' },
] as const;

/** The form filled with a preference set in a query string (the results page's Edit link), if it holds one. */
function valuesIn(search: string | undefined): DefaultValues<EngineeringFormValues> | undefined {
  const prefs = search === undefined ? null : fromSearchParams(new URLSearchParams(search));
  return prefs ? formValuesOf(prefs) : undefined;
}

/**
 * `editing`: the start page's query string holding the preference set being edited (the results
 * page's Edit link). Without one the form offers this tab's last search, saying so, with its
 * branch ticks named where they show and a way to clear it all (saved values from before a field
 * existed get its default).
 */
export function EngineeringForm({ editing }: { editing?: string }) {
  const start = useStartingValues(lastSearch, () => valuesIn(editing));
  // Cleared: a new form (its fields back to their defaults, radios included).
  return <EngineeringFormFields key={start.key} values={start.values} showsLast={start.showsLast} onClear={start.clear} />;
}

function EngineeringFormFields({ values, showsLast, onClear }: { values?: DefaultValues<EngineeringFormValues>; showsLast: boolean; onClear(): void }) {
  const openResults = useOpenResults();
  const { register, handleSubmit, control, formState, clearErrors } = useForm<EngineeringFormValues>({
    resolver: zodResolver(engineeringFormSchema),
    defaultValues: { ...emptyForm, ...values },
  });
  const [examType, josaaSeatType, csabSeatType, branch] = useWatch({ control, name: ['examType', 'seatType', 'csabSeatType', 'branch'] });
  // The category that applies: JoSAA's (required) or CSAB's (optional, OPEN when not chosen).
  const seatType = examType === 'CSAB' ? csabSeatType : josaaSeatType;
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    lastSearch.save(v);
    const category = v.examType === 'CSAB' ? v.csabSeatType : v.seatType;
    const url = resultsUrl({
      examType: v.examType,
      rank: rankFromText(v.rank)!,
      // CSAB ranks every seat type on the common rank list: its rank is the CRL rank, no second one.
      crlRank: v.examType !== 'CSAB' && v.crlRank && category && category !== 'OPEN' ? rankFromText(v.crlRank)! : undefined,
      archRank: v.examType !== 'IIT' && v.archRank ? rankFromText(v.archRank)! : undefined,
      planningRank: v.examType !== 'IIT' && v.planningRank ? rankFromText(v.planningRank)! : undefined,
      seatType: category ? (category as (typeof engineeringCategories)[number]) : undefined,
      gender: v.gender,
      homeState: v.homeState as (typeof homeStates)[number],
      branch: v.branch,
      sportsFacility: v.sportsFacility,
      hostelFacility: v.hostelFacility,
      messFacility: v.messFacility,
    });
    openResults(url);
  });

  const clearOnEdit = (name: keyof EngineeringFormValues) => ({ onChange: () => clearErrors(name) });
  const reserved = seatType !== '' && seatType !== 'OPEN';

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Engineering preferences" className="grid gap-5">
      {showsLast ? (
        <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-brand-50 px-4 py-2 text-sm text-slate-800">
          Filled in with your last search.
          <button type="button" className="font-medium text-brand-700 underline" onClick={onClear}>
            Clear the form
          </button>
        </p>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Exam type</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {examOptions.map((o) => (
            <label
              key={o.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={o.value} {...register('examType', clearOnEdit('examType'))} className="accent-brand-700" />
              {o.label}
            </label>
          ))}
        </div>
        {e.examType ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {e.examType.message}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        {examType !== 'CSAB' ? (
          <FormField label="Category" error={e.seatType?.message}>
            {(a) => (
              <select {...a} {...register('seatType', clearOnEdit('seatType'))} className={inputStyles}>
                <PlaceholderOptions placeholder="Select category" values={engineeringCategories} />
              </select>
            )}
          </FormField>
        ) : (
          <FormField label="Category (optional)" hint="CSAB does not require it; choose yours to see your category's seats besides OPEN ones">
            {(a) => (
              <select {...a} {...register('csabSeatType')} className={inputStyles}>
                <PlaceholderOptions placeholder="OPEN (default)" values={engineeringCategories} />
              </select>
            )}
          </FormField>
        )}
        <FormField
          label={examType === 'CSAB' ? 'JEE Main CRL rank' : seatType === 'OPEN' || seatType === '' ? 'General Rank' : 'Category Rank'}
          hint={
            examType === 'CSAB'
              ? 'Your common rank list (CRL) rank, whatever your category: CSAB publishes every seat type’s closing rank on the CRL'
              : undefined
          }
          error={e.rank?.message}
        >
          {(a) => <input {...a} {...register('rank', clearOnEdit('rank'))} inputMode="numeric" autoComplete="off" className={inputStyles} />}
        </FormField>
        {reserved && examType !== 'CSAB' ? (
          <FormField label="CRL rank (optional)" hint="Your common rank list rank, to also match OPEN seats" error={e.crlRank?.message}>
            {(a) => <input {...a} {...register('crlRank', clearOnEdit('crlRank'))} inputMode="numeric" autoComplete="off" className={inputStyles} />}
          </FormField>
        ) : null}
        <Paper2RankFields examType={examType} reserved={reserved} register={register} errors={e} onEdit={clearErrors} />
        <FormField label="Gender" hint="Female includes the female-only (supernumerary) seats">
          {(a) => (
            <select {...a} {...register('gender')} className={inputStyles}>
              <option value="Male">Male</option>
              <option value="Female">Female</option>
            </select>
          )}
        </FormField>
        <FormField label="Home state" error={e.homeState?.message}>
          {(a) => (
            <select {...a} {...register('homeState', clearOnEdit('homeState'))} className={inputStyles}>
              <PlaceholderOptions placeholder="Select your home state" values={homeStates} />
            </select>
          )}
        </FormField>
      </div>

      <details className="rounded-lg border border-slate-300 bg-white p-4">
        <summary className="cursor-pointer font-medium text-slate-800">
          Branches {branch.length ? `(${branch.length} selected)` : '(optional: all branches)'}
          {/* The ticks are named even while the list is folded: none is kept out of sight. */}
          {branch.length ? <span className="mt-1 block text-sm font-normal text-slate-700">{branch.join(', ')}</span> : null}
        </summary>
        <fieldset className="mt-3">
          <legend className="sr-only">Branches</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {branchGroups.map((b) => (
              <label key={b} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={b} {...register('branch')} className="h-4 w-4 accent-brand-700" />
                {b}
              </label>
            ))}
          </div>
        </fieldset>
      </details>

      <div className="grid gap-5 sm:grid-cols-3">
        {(
          [
            ['sportsFacility', 'Sports facility'],
            ['messFacility', 'Mess facility'],
            ['hostelFacility', 'Hostel facility'],
          ] as const
        ).map(([name, label]) => (
          <FormField key={name} label={label}>
            {(a) => (
              <select {...a} {...register(name)} className={inputStyles}>
                <option value="Yes">Yes</option>
                <option value="No">No</option>
              </select>
            )}
          </FormField>
        ))}
        <p className="text-sm text-slate-600 sm:col-span-3">Facility data is not yet available: these answers do not change the results.</p>
      </div>

      <Button type="submit" className="justify-self-start">
        Submit Preferences
      </Button>
    </form>
  );
}
