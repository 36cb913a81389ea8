import { Alert } from '../common/alert';
import { RESUME_DISCARDED_NOTICE } from './resume-texts';

/** The quiet notice shown when a saved registration no longer fits its flow and was discarded (issue 21 point 1). */
export function ResumeDiscardedNotice() {
  return <Alert tone="info">{RESUME_DISCARDED_NOTICE}</Alert>;
}
