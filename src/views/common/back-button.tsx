import { useT } from '../../i18n/use-t';
/** A step's secondary 'Back' button; the flow's machine decides whether Back is possible now (`snapshot.can`). */
export function BackButton({ enabled, onBack }: { enabled: boolean; onBack: () => void }) {
  const t = useT();
  return (
    <button type="button" className="button button--secondary" disabled={!enabled} onClick={onBack}>
      {t('common.back')}
    </button>
  );
}
