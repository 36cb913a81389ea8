import { createLazyRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../session/use-session';
import { AppsView } from '../views/licence/apps-view';
import { brandName, useBrandStylesheet, useWhiteLabel } from './branding';

export const Route = createLazyRoute('/apps')({
  component: AppsPage,
});

/** /apps: the brand of the user's organization (its api_subdomain and stylesheet) when a user is stored. */
function AppsPage() {
  const user = useCurrentUser();
  const organization = user?.license?.organization ?? null;
  const whiteLabel = useWhiteLabel(organization?.client?.api_subdomain ?? null);
  useBrandStylesheet(organization?.id ?? null);
  return <AppsView appName={brandName(whiteLabel)} email={user?.email ?? null} />;
}
