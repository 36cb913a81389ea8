import type { z } from 'zod/mini';
import type { MessageKey, MessageParams } from '../i18n/messages.gen.ts';

/**
 * One zod/mini schema per form (issue 13 point 4): the same schema gives the view its field errors and validity
 * (`useForm(initial, schema)`) and guards the machine's submit event (`isValidSubmit` guards call `isValidForm`),
 * so a submit with invalid values is refused by the machine itself, whatever the view did.
 *
 * Messages are catalogue keys, never sentences (issue 31): a schema's checks give `FormKey`s of the `form` group
 * (src/i18n/catalogues/<locale>/form.json, the spec's English texts word for word), which the site turns into text in
 * the language in use while rendering (src/views/common/use-form.ts `formText`) and the server, which validates
 * request bodies with the same schemas, answers in the request's language (server/i18n `fromEnglish`). A field's
 * first issue is the one shown.
 */

/** A catalogue key whose text takes no parameters: what a schema may give as a message. */
export type FormMessage = {
  [K in MessageKey]: MessageParams[K] extends Record<string, never> ? K : never;
}[MessageKey];

/** The forms' own texts, shared with the server: the keys of the `form` group. */
export type FormKey = Extract<FormMessage, `form.${string}`>;

/** `group.name`: a catalogue key's shape. A sentence (which has spaces) never has it. */
const KEY_SHAPE = /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9]+$/;

/**
 * Whether a schema's message is a catalogue key. Anything else is shown as it is: a plain English string from a
 * schema not yet moved to keys, or zod's own message for a check without one (which no form's field shows).
 */
export function isFormMessage(message: string): message is FormMessage {
  return KEY_SHAPE.test(message);
}

/** Per field, the key of its first issue's message (or that message as it is, see `isFormMessage`). */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The schema of a form whose values are `T` (a plain object of field values). */
export type FormSchema<T> = z.ZodMiniType<unknown, T>;

/** Field errors of `values` under `schema`: the first issue's message per top-level field, none when valid. */
export function formErrors<T>(schema: FormSchema<T>, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/** Whether `values` satisfy `schema`: the machine-side guard of a form's submit event. */
export function isValidForm<T>(schema: FormSchema<T>, values: T): boolean {
  return schema.safeParse(values).success;
}
