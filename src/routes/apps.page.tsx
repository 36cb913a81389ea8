import { createLazyRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../session/use-session';
import { useBrandStylesheet } from '../views/common/branding/use-brand-stylesheet';
import { brandName, useWhiteLabel } from '../views/common/branding/use-white-label';
import { AppsView } from '../views/licence/apps-view';

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
