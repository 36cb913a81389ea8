import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

interface FieldFrame {
  label: string;
  /** The error to show; tied to the control with aria-describedby and aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** The ids and ARIA attributes that tie a control to its hint and error; one place for every field kind. */
function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const controlAria = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return { controlId, hintId, errorId, controlAria };
}

/** The frame around a control: its label, then the control, then its hint and error. */
function FieldShell({
  label,
  hint,
  error,
  ids,
  children,
}: FieldFrame & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={ids.controlId}>{label}</label>
      {children}
      {hint && (
        <p id={ids.hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text input with its hint and error tied to it for assistive technology. */
export function TextField({ label, error, hint, id, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell label={label} hint={hint} error={error} ids={ids}>
      <input {...ids.controlAria} {...input} />
    </FieldShell>
  );
}

/** A labelled select with its error tied to it. */
export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell label={label} hint={hint} error={error} ids={ids}>
      <select {...ids.controlAria} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}
