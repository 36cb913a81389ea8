import { useCallback, useMemo, useState } from 'react';
import { type FieldErrors, type FormSchema, formErrors } from '../../domain/form-schema';

/**
 * Field state for a form: values, and which fields were touched (blurred) or made dirty (changed). This is view
 * state (design.md §2): the rules that decide validity are the form's zod/mini schema from src/domain/forms (issue 13
 * point 4), the same schema the machine's submit guard reads. An error shows once its field is touched or dirty, or after a submit
 * attempt (spec §5).
 */
export function useForm<T extends Record<string, string>>(initial: T, schema: FormSchema<T>) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [dirty, setDirty] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errors: FieldErrors<T> = useMemo(() => formErrors(schema, values), [schema, values]);
  const isValid = Object.values(errors).every((e) => !e);

  const set = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDirty((d) => ({ ...d, [name]: true }));
  }, []);

  /** The error to show for a field, or undefined while the user has not interacted with it yet. */
  const visibleError = (name: keyof T & string): string | undefined =>
    submitted || touched[name] || dirty[name] ? errors[name] : undefined;

  /** Props for a text-like control bound to `name`. */
  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as T[typeof name]),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: visibleError(name),
  });

  return {
    values,
    errors,
    isValid,
    set,
    bind,
    visibleError,
    /** Marks a submit attempt so every error shows; returns whether the values are valid. */
    attemptSubmit: () => {
      setSubmitted(true);
      return isValid;
    },
    reset: (next: T = initial) => {
      setValues(next);
      setTouched({});
      setDirty({});
      setSubmitted(false);
    },
  };
}
