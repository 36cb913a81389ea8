import { type InputHTMLAttributes, useId } from 'react';

/**
 * The labelled input of the sandbox card forms (billing and card payments). Providers sit below the views
 * (docs/architecture.md §4, biome.json), so they cannot borrow views/common/field; this keeps the same markup and
 * classes (.field, .field-error) and the same accessibility: a label tied to the input, and an error that sets
 * aria-invalid and is named by aria-describedby.
 */
export function CardInput({
  label,
  error,
  ...input
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
