import { zodResolver } from '@hookform/resolvers/zod';
import {
  counsellorApplicationSchema,
  formatClock,
  WEEKDAYS,
  type CounsellorApplication,
  type CounsellorApplicationInput,
  type OwnCounsellorProfile,
} from '@rankwise/contract/counsellors';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { collegeOptionsQuery, useApply, useUpdateProfile } from '../api/counsellors.queries.ts';
import { EnrolmentProof } from './enrolment-proof.tsx';

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const TIMES = Array.from({ length: 49 }, (_, i) => i * 30);
const YEARS = [1, 2, 3, 4, 5, 6];

function defaults(profile: OwnCounsellorProfile | null): CounsellorApplicationInput {
  // An edit waiting for an admin is what the counsellor goes on editing (saving the live text would withdraw it).
  const p = profile?.pendingChanges ? { ...profile, ...profile.pendingChanges } : profile;
  return {
    instituteId: p?.instituteId ?? '',
    name: p?.name ?? '',
    // '' until a year is chosen (the select's placeholder); the schema says 'Choose your year of study'.
    yearOfStudy: p?.yearOfStudy ?? '',
    program: p?.program ?? '',
    about: p?.about ?? '',
    achievements: p?.achievements ?? '',
    experience: p?.experience ?? '',
    availableDays: p?.availableDays ?? [2, 4],
    timeRanges: p?.timeRanges ?? [{ start: 540, end: 720 }],
  };
}

/**
 * The counsellor application (mode 'apply': the college, then the profile and weekly hours) and the
 * counsellor's own edit form (mode 'edit'). Hours are in IST, in half-hour steps.
 */
export function CounsellorForm({ mode, profile, onSaved }: { mode: 'apply' | 'edit'; profile: OwnCounsellorProfile | null; onSaved?(): void }) {
  const colleges = useQuery({ ...collegeOptionsQuery, enabled: mode === 'apply' });
  const apply = useApply();
  const update = useUpdateProfile();
  // One set of rules for both: when editing, the college is the profile's own (and the update call ignores it).
  const form = useForm<CounsellorApplicationInput, unknown, CounsellorApplication>({
    resolver: zodResolver(counsellorApplicationSchema),
    defaultValues: defaults(profile),
  });
  const { register, handleSubmit, formState, control, setError } = form;
  const chosenId = useWatch({ control, name: 'instituteId' });
  const chosen = colleges.data?.data.find((c) => c.id === chosenId) ?? null;
  const ranges = useFieldArray({ control, name: 'timeRanges' });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (mode === 'apply') {
        await apply.mutateAsync(values);
        toast.success('Application sent. An admin will review it soon.');
      } else {
        await update.mutateAsync(values);
        toast.success('Profile saved');
      }
      onSaved?.();
    } catch (err) {
      if (!applyFieldErrors(err, setError)) toast.error(errorMessage(err, 'Could not save. Please try again.'));
    }
  });

  const rangeError = (i: number) => {
    const r = e.timeRanges?.[i];
    return r?.message ?? r?.start?.message ?? r?.end?.message ?? r?.root?.message;
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {mode === 'apply' ? (
        <FormField label="Your college" error={e.instituteId?.message} hint="You counsel for the college you study at now.">
          {(a) => (
            <select {...a} {...register('instituteId')} className={inputStyles}>
              <option value="">{colleges.isPending ? 'Loading colleges…' : 'Choose your college'}</option>
              {colleges.data?.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <p className="text-sm text-slate-700">
          College: <span className="font-medium text-slate-900">{profile?.college}</span>
        </p>
      )}
      {mode === 'apply' ? <EnrolmentProof college={chosen} /> : null}
      {e.proof?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {e.proof.message}
        </p>
      ) : null}
      {mode === 'edit' && profile?.status === 'approved' ? (
        <p className="text-sm text-slate-700">
          Changes to your name, year, program, texts and photo go live once an admin approves them; your days and hours change at once.
        </p>
      ) : null}
      <FormField label="Full name" error={e.name?.message}>
        {(a) => <input {...a} {...register('name')} autoComplete="name" className={inputStyles} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Year of study" error={e.yearOfStudy?.message}>
          {(a) => (
            <select {...a} {...register('yearOfStudy')} className={inputStyles}>
              <option value="">Choose your year</option>
              {YEARS.map((y) => (
                <option key={y} value={y}>
                  Year {y}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Program" error={e.program?.message} hint="For example: B.Tech Computer Science and Engineering">
          {(a) => <input {...a} {...register('program')} className={inputStyles} />}
        </FormField>
      </div>
      <FormField label="About you" error={e.about?.message} hint="What students can ask you about: campus life, branches, placements.">
        {(a) => <textarea {...a} {...register('about')} rows={4} className={inputStyles} />}
      </FormField>
      <FormField label="Achievements (optional)" error={e.achievements?.message}>
        {(a) => <textarea {...a} {...register('achievements')} rows={2} className={inputStyles} />}
      </FormField>
      <FormField label="Experience (optional)" error={e.experience?.message}>
        {(a) => <textarea {...a} {...register('experience')} rows={2} className={inputStyles} />}
      </FormField>

      <Controller
        control={control}
        name="availableDays"
        render={({ field }) => (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Days you take sessions</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {WEEK_ORDER.map((d) => (
                <label key={d} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={field.value.includes(d)}
                    onChange={(ev) => field.onChange(ev.target.checked ? [...field.value, d] : field.value.filter((x) => x !== d))}
                  />
                  {WEEKDAYS[d]}
                </label>
              ))}
            </div>
            {e.availableDays?.message ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {e.availableDays.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Hours on those days (IST)</legend>
        <div className="mt-2 grid gap-3">
          {ranges.fields.map((f, i) => (
            <div key={f.id} className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm text-slate-800">
                From
                <select {...register(`timeRanges.${i}.start`, { valueAsNumber: true })} className={inputStyles}>
                  {TIMES.slice(0, -1).map((m) => (
                    <option key={m} value={m}>
                      {formatClock(m)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm text-slate-800">
                To
                <select {...register(`timeRanges.${i}.end`, { valueAsNumber: true })} className={inputStyles}>
                  {TIMES.slice(1).map((m) => (
                    <option key={m} value={m}>
                      {formatClock(m)}
                    </option>
                  ))}
                </select>
              </label>
              {ranges.fields.length > 1 ? (
                <Button variant="ghost" onClick={() => ranges.remove(i)} aria-label={`Remove time range ${i + 1}`}>
                  Remove
                </Button>
              ) : null}
              {rangeError(i) ? (
                <p role="alert" className="basis-full text-sm text-red-700">
                  {rangeError(i)}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        {e.timeRanges?.message || e.timeRanges?.root?.message ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {e.timeRanges.message ?? e.timeRanges.root?.message}
          </p>
        ) : null}
        {ranges.fields.length < 6 ? (
          <Button variant="secondary" className="mt-3" onClick={() => ranges.append({ start: 1080, end: 1200 })}>
            Add a time range
          </Button>
        ) : null}
      </fieldset>

      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : mode === 'apply' ? 'Submit application' : 'Save profile'}
      </Button>
    </form>
  );
}
