import { useT } from '../../i18n/use-t';
/**
 * A step's secondary 'Back' button (or `label`, where the step names where Back leads); the flow's machine decides
 * whether Back is possible now (`snapshot.can`).
 */
export function BackButton({ enabled, onBack, label }: { enabled: boolean; onBack: () => void; label?: string }) {
  const t = useT();
  return (
    <button type="button" className="button button--secondary" disabled={!enabled} onClick={onBack}>
      {label ?? t('common.back')}
    </button>
  );
}
