import type { LicenceInfo } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { LICENCE_TEXTS } from './licence-texts';

/** §2: a paused licence shows the organization, season and team names and the paused text instead of the welcome. */
export function PausedNotice({ licence }: { licence: LicenceInfo }) {
  const names = [
    { term: 'Organization', value: licence.organization_name },
    { term: 'Season', value: licence.season_name },
    { term: 'Team', value: licence.team_name },
  ].filter((row): row is { term: string; value: string } => row.value !== null && row.value !== '');
  return (
    <section className="card">
      <StepHeading>{LICENCE_TEXTS.welcome}</StepHeading>
      <dl className="licence-facts">
        {names.map((row) => (
          <div key={row.term}>
            <dt>{row.term}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Alert tone="info">{LICENCE_TEXTS.paused}</Alert>
    </section>
  );
}
