import { zodResolver } from '@hookform/resolvers/zod';
import { medicalCategories, medicalPreferencesSchema, medicalQuotas } from '@rankwise/contract/medical';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles, PlaceholderOptions } from '@/components/ui/form-field.tsx';
import { pendingForm, useOpenResults, useStartingValues } from '@/lib/pending-form.ts';
import { medicalCoursesQuery } from '../api/medical.queries.ts';
import { formValuesOf, fromSearchParams, resultsUrl } from '../preferences-url.ts';
import { CourseMultiSelect } from './course-multi-select.tsx';

/**
 * What the form holds (text, and '' in a select until one is chosen), checked by the contract's own
 * rules (spec §5: rank, category and quota required; courses optional).
 */
const medicalFormSchema = z
  .object({ rank: z.string(), category: z.string(), quota: z.string(), courses: z.array(z.string()) })
  // The contract's schema takes any input (its rank is preprocessed): hand it the values as they are.
  .transform((v): unknown => v)
  .pipe(medicalPreferencesSchema.pick({ rank: true, category: true, quota: true, courses: true }));
type MedicalFormInput = z.input<typeof medicalFormSchema>;
type MedicalFormOutput = z.output<typeof medicalFormSchema>;

const emptyForm: MedicalFormInput = { rank: '', category: '', quota: '', courses: [] };
const lastSearch = pendingForm<MedicalFormInput>('Medical');

/** The form filled with a preference set in a query string (the results page's Edit link), if it holds one. */
function valuesIn(search: string | undefined): MedicalFormInput | undefined {
  const prefs = search === undefined ? null : fromSearchParams(new URLSearchParams(search));
  return prefs ? formValuesOf(prefs) : undefined;
}

/**
 * Spec §2 Start page, Medical form (NEET PG). `editing`: the start page's query string holding the
 * preference set being edited (the results page's Edit link); without one the form offers this
 * tab's last search, saying so.
 */
export function MedicalForm({ editing }: { editing?: string }) {
  const start = useStartingValues(lastSearch, () => valuesIn(editing));
  // Cleared: a new form with every field back to empty.
  return <MedicalFormFields key={start.key} values={start.values} showsLast={start.showsLast} onClear={start.clear} />;
}

function MedicalFormFields({ values, showsLast, onClear }: { values?: MedicalFormInput; showsLast: boolean; onClear(): void }) {
  const openResults = useOpenResults();
  const catalogue = useQuery(medicalCoursesQuery());
  const { register, handleSubmit, control, formState, clearErrors } = useForm<MedicalFormInput, unknown, MedicalFormOutput>({
    // The selects hold '' until chosen, which the schema turns into 'Category/Quota is required'.
    resolver: zodResolver(medicalFormSchema),
    defaultValues: values ?? emptyForm,
  });
  const e = formState.errors;

  const onSubmit = handleSubmit((v) => {
    lastSearch.save({ rank: String(v.rank), category: v.category, quota: v.quota, courses: v.courses });
    const url = resultsUrl(v);
    openResults(url);
  });

  const clearOnEdit = (name: keyof MedicalFormInput) => ({ onChange: () => clearErrors(name) });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Medical preferences" className="grid gap-5">
      {showsLast ? (
        <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-brand-50 px-4 py-2 text-sm text-slate-800">
          Filled in with your last search.
          <button type="button" className="font-medium text-brand-700 underline" onClick={onClear}>
            Clear the form
          </button>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">NEET PG, MCC All India counselling. Results are judged on the latest official closing ranks.</p>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label="CRL rank" hint="Your NEET PG All India Rank" error={e.rank?.message}>
          {(a) => <input {...a} {...register('rank', clearOnEdit('rank'))} inputMode="numeric" autoComplete="off" className={inputStyles} />}
        </FormField>
        <FormField label="Category" error={e.category?.message}>
          {(a) => (
            <select {...a} {...register('category', clearOnEdit('category'))} className={inputStyles}>
              <PlaceholderOptions placeholder="Select category" values={medicalCategories} />
            </select>
          )}
        </FormField>
        <FormField label="Quota" error={e.quota?.message}>
          {(a) => (
            <select {...a} {...register('quota', clearOnEdit('quota'))} className={inputStyles}>
              <PlaceholderOptions placeholder="Select quota" values={medicalQuotas} />
            </select>
          )}
        </FormField>
      </div>

      {catalogue.isSuccess ? (
        <Controller
          control={control}
          name="courses"
          render={({ field }) => <CourseMultiSelect groups={catalogue.data.data.groups} value={field.value} onChange={field.onChange} />}
        />
      ) : catalogue.isError ? (
        <div role="alert" className="rounded-lg border border-slate-300 bg-white p-4 text-sm text-slate-800">
          The course list could not be loaded. You can still submit: all courses will be shown.{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => void catalogue.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          Loading courses…
        </p>
      )}

      <Button type="submit" className="justify-self-start">
        Submit Preferences
      </Button>
    </form>
  );
}
