import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type FieldErrors, type FormKey, type FormSchema, formErrors, isFormMessage } from '../../domain/form-schema';
import { loadGroups, t } from '../../i18n/runtime';
import { useLocale } from '../../i18n/use-t';

/**
 * A schema's message as text in the language in use (issue 31): its catalogue key's text; a message that is not a
 * key (a plain English string of a schema not yet moved to keys) as it is.
 */
export function formText(message: string): string {
  return isFormMessage(message) ? t(message) : message;
}

/**
 * The forms' texts (the `form` group) are not part of a page's first load: they load when a person first works a form
 * (focus, typing, leaving a field, submitting), before any error can show, in the language in use; a language switch
 * then loads them in the new language with every group loaded so far (src/i18n/runtime.ts `setLocale`). `npm run
 * bench` measures the pages without them. An error whose texts have not arrived yet shows once they do.
 */
const PROBE: FormKey = 'form.emailRequired';
const formTextsHere = () => t(PROBE) !== PROBE;
let formTexts: Promise<void> | null = null;
function loadFormTexts(): Promise<void> {
  formTexts ??= loadGroups(['form']).catch(() => {
    // Not loaded (offline): the next interaction tries again; meanwhile no error text shows, never a key.
    formTexts = null;
  });
  return formTexts;
}

/**
 * Field state for a form: values, and which fields were touched (blurred) or made dirty (changed). This is view
 * state (design.md §2): the rules that decide validity are the form's zod/mini schema from src/domain/forms (issue 13
 * point 4), the same schema the machine's submit guard reads. An error shows once its field is touched or dirty, or after a submit
 * attempt (spec §5).
 *
 * `errors` holds the schema's message keys (src/domain/form-schema.ts); `visibleError` and `bind` give their text in
 * the language in use, so the view shows them as they are and a language switch re-renders them in the new language.
 */
export function useForm<T extends Record<string, string>>(initial: T, schema: FormSchema<T>) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [dirty, setDirty] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // Re-renders the form when the language changes, and once when the forms' texts arrive.
  useLocale();
  const [, textsArrived] = useReducer((count: number) => count + 1, 0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  /** Called on every interaction that can make an error visible: the texts are on their way before it shows. */
  const needTexts = useCallback(() => {
    if (formTextsHere()) return;
    void loadFormTexts().then(() => {
      if (mounted.current) textsArrived();
    });
  }, []);

  const errors: FieldErrors<T> = useMemo(() => formErrors(schema, values), [schema, values]);
  const isValid = Object.values(errors).every((e) => !e);

  const set = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      needTexts();
      setValues((v) => ({ ...v, [name]: value }));
      setDirty((d) => ({ ...d, [name]: true }));
    },
    [needTexts],
  );

  /** The error to show for a field, in the language in use, or undefined while the user has not interacted with it yet. */
  const visibleError = (name: keyof T & string): string | undefined => {
    const error = submitted || touched[name] || dirty[name] ? errors[name] : undefined;
    if (error === undefined) return undefined;
    // A key whose text has not arrived yet shows nothing for the moment (the text follows), never the key itself.
    return isFormMessage(error) && !formTextsHere() ? undefined : formText(error);
  };

  /** Props for a text-like control bound to `name`. */
  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as T[typeof name]),
    onFocus: needTexts,
    onBlur: () => {
      needTexts();
      setTouched((t) => ({ ...t, [name]: true }));
    },
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
      needTexts();
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
