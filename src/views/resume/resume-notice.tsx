import { useT } from '../../i18n/use-t';
import { Alert } from '../common/alert';

/** The quiet notice shown when a saved registration no longer fits its flow and was discarded (issue 21 point 1). */
export function ResumeDiscardedNotice() {
  const t = useT();
  return <Alert tone="info">{t('resume.discarded')}</Alert>;
}
