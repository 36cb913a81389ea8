import { createLazyRoute } from '@tanstack/react-router';
import { LicenceHost } from './licence.page';

export const Route = createLazyRoute('/coach/$license')({
  component: CoachLicencePage,
});

function CoachLicencePage() {
  const { license } = Route.useParams();
  const search = Route.useSearch();
  return <LicenceHost key={`${license}?${JSON.stringify(search)}`} variant="coach" code={license} search={search} />;
}
