import type { z } from 'zod/mini';

/**
 * One zod/mini schema per form (issue 13 point 4): the same schema gives the view its field errors and validity
 * (`useForm(initial, schema)`) and guards the machine's submit event (`isValidSubmit` guards call `isValidForm`),
 * so a submit with invalid values is refused by the machine itself, whatever the view did.
 *
 * Messages are the spec's texts; a field's first issue is the one shown.
 */
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
