import { zodResolver } from '@hookform/resolvers/zod';
import { familyIncomeBands, familyIncomeLabels, pinCodeFormSchema, type FamilyIncomeBand } from '@rankwise/contract/colleges';
import { engineeringCategories, type EngineeringCategory } from '@rankwise/contract/engineering';
import { homeStates, type HomeState } from '@rankwise/contract/reference';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { useCompare } from '@/lib/stores/compare.ts';

type PinForm = z.input<typeof pinCodeFormSchema>;

/** Where distances start (home state's capital or a PIN code) and whose tuition is shown (category, family income). */
export function CompareOptions({ pinNote }: { pinNote?: string | null }) {
  const student = useCompare((s) => s.student);
  const setStudent = useCompare((s) => s.setStudent);
  const form = useForm<PinForm>({ resolver: zodResolver(pinCodeFormSchema), defaultValues: { pinCode: student.pinCode ?? '' } });
  const onPin = form.handleSubmit((v) => setStudent({ pinCode: v.pinCode || undefined }));

  return (
    <section
      aria-label="Distance and tuition options"
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <FormField label="Home state">
        {(p) => (
          <select
            {...p}
            className={inputStyles}
            value={student.homeState ?? ''}
            onChange={(e) => setStudent({ homeState: (e.target.value || undefined) as HomeState | undefined })}
          >
            <option value="">Not given</option>
            {homeStates.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <form onSubmit={onPin} noValidate aria-label="PIN code">
        <FormField
          label="Or your PIN code"
          error={
            form.formState.errors.pinCode?.message ?? (pinNote && student.pinCode ? `We could not find PIN code ${student.pinCode}. ${pinNote}` : undefined)
          }
          hint="Distances from your PIN code area instead of the state capital"
        >
          {(p) => (
            <div className="flex gap-2">
              <input {...p} {...form.register('pinCode')} inputMode="numeric" autoComplete="postal-code" maxLength={6} className={inputStyles} />
              <Button type="submit" variant="secondary" className="px-3">
                Use
              </Button>
            </div>
          )}
        </FormField>
      </form>
      <FormField label="Category">
        {(p) => (
          <select
            {...p}
            className={inputStyles}
            value={student.category ?? ''}
            onChange={(e) => setStudent({ category: (e.target.value || undefined) as EngineeringCategory | undefined })}
          >
            <option value="">Not given</option>
            {engineeringCategories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Family income" hint="For the IIT and NIT tuition waivers">
        {(p) => (
          <select
            {...p}
            className={inputStyles}
            value={student.familyIncome ?? ''}
            onChange={(e) => setStudent({ familyIncome: (e.target.value || undefined) as FamilyIncomeBand | undefined })}
          >
            <option value="">Not given</option>
            {familyIncomeBands.map((b) => (
              <option key={b} value={b}>
                {familyIncomeLabels[b]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </section>
  );
}
