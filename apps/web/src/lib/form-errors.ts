import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** Puts a 400's field errors on the form's fields; returns false when the error was not about fields. */
export function applyFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiError) || err.status !== 400 || !Object.keys(err.fieldErrors).length) return false;
  for (const [field, messages] of Object.entries(err.fieldErrors)) setError(field as Path<T>, { type: 'server', message: messages[0] });
  return true;
}
