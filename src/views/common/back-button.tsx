/** A step's secondary 'Back' button; the flow's machine decides whether Back is possible now (`snapshot.can`). */
export function BackButton({ enabled, onBack }: { enabled: boolean; onBack: () => void }) {
  return (
    <button type="button" className="button button--secondary" disabled={!enabled} onClick={onBack}>
      Back
    </button>
  );
}
