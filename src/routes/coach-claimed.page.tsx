import { createLazyRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../session/use-session';
import { AppsView } from '../views/licence/apps-view';
import { brandName, useBrandStylesheet, useWhiteLabel } from './branding';
import { LicenceHost } from './licence.page';

export const Route = createLazyRoute('/coach-claimed')({
  component: CoachClaimedPage,
});

function CoachClaimedPage() {
  const { license, api_subdomain } = Route.useSearch();
  if (license === undefined) return <AppDownload apiSubdomain={api_subdomain} />;
  // The claimed coach view of §2: the same page as /coach/{license}?claimed_registration=true.
  return (
    <LicenceHost
      key={`${license}?${api_subdomain ?? ''}`}
      variant="coach"
      code={license}
      search={{ claimed_registration: true, api_subdomain }}
    />
  );
}

function AppDownload({ apiSubdomain }: { apiSubdomain: string | undefined }) {
  const user = useCurrentUser();
  const whiteLabel = useWhiteLabel(apiSubdomain);
  useBrandStylesheet(null);
  return <AppsView appName={brandName(whiteLabel)} email={user?.email ?? null} />;
}
