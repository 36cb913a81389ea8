/**
 * A waiver's text area with its label, its hint and its error. `lang`: the language the organization writes this text
 * in, when it is not the console's (the Spanish waiver, issue 31 point 4), so spell checkers and screen readers follow.
 */
export function WaiverField({
  id,
  label,
  hint,
  lang,
  error,
  ...field
}: {
  id: string;
  label: string;
  hint?: string;
  lang?: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={6}
        lang={lang}
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
