import { createLazyRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { licenceOrganizationId } from '../machines/licence.connect';
import { type LicenceExit, type LicenceVariant, licenceMachine } from '../machines/licence.machine';
import { getCurrentUser } from '../session/current-user';
import { LicenceFlow } from '../views/licence/licence-flow';
import { brandName, useBrandStylesheet, useWhiteLabel } from './branding';
import { confirmationFor, forgetConfirmation } from './claimed-confirmation';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/licenses/$license')({
  component: LicencePage,
});

function LicencePage() {
  const { license } = Route.useParams();
  const search = Route.useSearch();
  // A new address (e.g. ?claimed_registration=true after an automatic claim) is a new arrival: a fresh actor.
  return <LicenceHost key={`${license}?${JSON.stringify(search)}`} variant="team" code={license} search={search} />;
}

/** The optional parameters of §2 that the licence pages read. */
export interface LicencePageSearch {
  claimed_registration?: boolean | undefined;
  claimed_login?: boolean | undefined;
  api_subdomain?: string | undefined;
  redirLogin?: boolean | undefined;
  redirRegister?: boolean | undefined;
  preset_email?: string | undefined;
  /** Issue 21 point 3: the token of a waitlist offer, from the offer's e-mail. */
  offer?: string | undefined;
}

/**
 * Wires one licence page: the machine from the URL and the stored user, the brand (white-label data, stylesheet)
 * around it, and the navigation when the machine leaves. Shared by /licenses, /coach and /coach-claimed.
 */
export function LicenceHost({
  variant,
  code,
  search,
}: {
  variant: LicenceVariant;
  code: string;
  search: LicencePageSearch;
}) {
  // Issue 19.1: the claimed page right after a payment shows its confirmation, handed over in memory, once.
  const [confirmation] = useState(() =>
    variant === 'team' && search.claimed_registration === true ? confirmationFor(code) : null,
  );
  useEffect(forgetConfirmation, []);
  const actorRef = useFlowPage(licenceMachine, {
    flow: 'licence',
    input: {
      variant,
      code,
      claimedRegistration: search.claimed_registration,
      claimedLogin: search.claimed_login,
      apiSubdomain: search.api_subdomain,
      redirLogin: search.redirLogin,
      redirRegister: search.redirRegister,
      presetEmail: search.preset_email,
      user: getCurrentUser(),
      confirmation,
      offer: variant === 'team' ? search.offer : undefined,
    },
    follow,
  });
  // The organization's stylesheet once the licence names it; the client's when it names none or did not load.
  const organizationId = useSelector(actorRef, licenceOrganizationId);
  useBrandStylesheet(organizationId);
  const whiteLabel = useWhiteLabel(search.api_subdomain);
  return (
    <LicenceFlow
      actorRef={actorRef}
      brand={{ appName: brandName(whiteLabel), iconUrl: whiteLabel?.images.app_icon['120'] ?? null }}
    />
  );
}

function follow(navigate: NavigateFunction, exit: LicenceExit): void {
  switch (exit.to) {
    case '/login':
      void navigate({ to: '/login', search: exit.search });
      return;
    case '/register':
      void navigate({ to: '/register', search: exit.search });
      return;
    // After a claim the address that led to it must not be replayed by Back: replace it.
    case '/licenses/$license':
      void navigate({ to: '/licenses/$license', params: exit.params, search: exit.search, replace: true });
      return;
    case '/coach-claimed':
      void navigate({ to: '/coach-claimed', search: exit.search, replace: true });
      return;
    // Issue 21 point 3: a family on the list sees its place there (replaced: Back must not come back to this check).
    case '/waitlist':
      void navigate({ to: '/waitlist', search: exit.search, replace: true });
      return;
  }
}
