import type { z } from 'zod';

/**
 * Rules for text people write, shared by the API and the web form (issue 24 item 4, docs/decisions 0026).
 *
 * - Unicode direction overrides and isolates (U+202A-U+202E, U+2066-U+2069) are refused in every
 *   text a user sends: a review ending in U+202E shows reversed, a name can hide what follows it.
 *   The API checks every string of every request (`plugins/errors.ts`), naming the field.
 * - One-line fields (names, titles, a program, an e-mail, a UPI ID) refuse line breaks too
 *   (CR, LF, U+0085, U+2028, U+2029): a name with CR/LF appears as extra lines in an e-mail.
 */
export const DIRECTION_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/;
export const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/;

export const DIRECTION_OVERRIDE_MESSAGE = 'must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069); remove them';

/** The message for a field that must stay on one line, naming it: 'Name must be on one line'. */
export const oneLineMessage = (label: string) => `${label} must be on one line (no line breaks)`;
export const directionMessage = (label: string) => `${label} must not contain Unicode direction controls (U+202A-U+202E, U+2066-U+2069)`;

/** Whether a text may be stored as user text (no direction override anywhere). */
export const hasDirectionOverride = (v: string) => DIRECTION_OVERRIDES.test(v);
export const hasLineBreak = (v: string) => LINE_BREAKS.test(v);

/** Adds the one-line and direction rules, with messages naming the field, to a string schema. */
export function oneLine<S extends z.ZodString>(schema: S, label: string) {
  return schema.refine((v) => !LINE_BREAKS.test(v), oneLineMessage(label)).refine((v) => !DIRECTION_OVERRIDES.test(v), directionMessage(label));
}

/** Adds the direction rule (line breaks allowed) to a string schema for text of several lines. */
export function multiLine<S extends z.ZodString>(schema: S, label: string) {
  return schema.refine((v) => !DIRECTION_OVERRIDES.test(v), directionMessage(label));
}
