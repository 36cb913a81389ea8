import { config } from '../../config';
import { useT } from '../../i18n/use-t';
import type { LicenceInfo } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';

/** §2: a paused licence shows the organization, season and team names and the paused text instead of the welcome. */
export function PausedNotice({ licence }: { licence: LicenceInfo }) {
  const t = useT();
  const names = [
    { term: t('licence.organization'), value: licence.organization_name },
    { term: t('licence.season'), value: licence.season_name },
    { term: t('licence.team'), value: licence.team_name },
  ].filter((row): row is { term: string; value: string } => row.value !== null && row.value !== '');
  return (
    <section className="card">
      <StepHeading>{t('licence.welcome', { client_name: config.clientName })}</StepHeading>
      <dl className="licence-facts">
        {names.map((row) => (
          <div key={row.term}>
            <dt>{row.term}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Alert tone="info">{t('licence.paused')}</Alert>
    </section>
  );
}
