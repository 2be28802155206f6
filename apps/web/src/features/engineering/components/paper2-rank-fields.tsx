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
  // Worded apart from the main rank's labels ('General Rank', 'Category Rank', 'JEE Main CRL rank', 'CRL rank').
  const kind = examType === 'CSAB' ? 'common-rank-list rank' : reserved ? 'rank in your category' : 'rank';
  const field = (name: 'archRank' | 'planningRank', label: string, degree: string) => (
    <FormField
      label={label}
      hint={`${degree} seats at NITs, IIITs and GFTIs are allotted on this rank, not on your B.E./B.Tech rank; they are listed only when you give it.`}
      error={errors[name]?.message}
    >
      {(a) => <input {...a} {...register(name, { onChange: () => onEdit(name) })} inputMode="numeric" autoComplete="off" className={inputStyles} />}
    </FormField>
  );
  return (
    <>
      {field('archRank', `B.Arch: JEE Main Paper 2A ${kind} (optional)`, 'B.Arch')}
      {field('planningRank', `B.Planning: JEE Main Paper 2B ${kind} (optional)`, 'B.Planning')}
    </>
  );
}
