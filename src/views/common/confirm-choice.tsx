import { useEffect, useRef } from 'react';

/**
 * A yes/no question asked in place (leave the waitlist, remove a guardian): a fieldset whose legend is the question,
 * the confirming button first and the safe answer second. The safe answer takes focus when the question appears, so a
 * keyboard user lands on its buttons. Each flow gives its texts, what its machine takes now, and its events.
 * Not in the app shell (vite.config.ts): only the pages that ask load it.
 */
export function ConfirmChoice({
  className,
  question,
  yes,
  no,
  canConfirm,
  canKeep,
  onConfirm,
  onKeep,
}: {
  className: string;
  question: string;
  yes: string;
  no: string;
  canConfirm: boolean;
  canKeep: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepRef.current?.focus();
  }, []);
  return (
    <fieldset className={className}>
      <legend>{question}</legend>
      <div className="button-row">
        <button type="button" className="button" disabled={!canConfirm} onClick={onConfirm}>
          {yes}
        </button>
        <button type="button" className="button button--secondary" ref={keepRef} disabled={!canKeep} onClick={onKeep}>
          {no}
        </button>
      </div>
    </fieldset>
  );
}
