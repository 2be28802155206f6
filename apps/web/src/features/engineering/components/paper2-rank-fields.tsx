import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import type { EngineeringFormValues } from './engineering-form.tsx';

/**
 * The optional JEE Main Paper 2 ranks (docs/decisions/0021): B.Arch and B.Planning seats at NITs,
 * IIITs and GFTIs are allotted on Paper 2A and 2B ranks, and are listed only against them. Not for
 * JEE Advanced, where IIT B.Arch is on the Advanced rank (and asks for the AAT).
 */
export function Paper2RankFields({
  examType,
  reserved,
  register,
  errors,
  onEdit,
}: {
  examType: EngineeringFormValues['examType'];
  reserved: boolean;
  register: UseFormRegister<EngineeringFormValues>;
  errors: FieldErrors<EngineeringFormValues>;
  onEdit(name: 'archRank' | 'planningRank'): void;
}) {
  if (examType === 'IIT') return null;
  const kind = examType === 'CSAB' ? 'CRL rank' : reserved ? 'category rank' : 'rank';
  const field = (name: 'archRank' | 'planningRank', label: string, degree: string) => (
    <FormField
      label={label}
      hint={`${degree} seats at NITs, IIITs and GFTIs are allotted on this ${kind}; they are listed only when you give it.`}
      error={errors[name]?.message}
    >
      {(a) => <input {...a} {...register(name, { onChange: () => onEdit(name) })} inputMode="numeric" autoComplete="off" className={inputStyles} />}
    </FormField>
  );
  return (
    <>
      {field('archRank', `Paper 2A (B.Arch) ${kind} (optional)`, 'B.Arch')}
      {field('planningRank', `Paper 2B (B.Planning) ${kind} (optional)`, 'B.Planning')}
    </>
  );
}
