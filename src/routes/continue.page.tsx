import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { Page } from '../views/common/page';
import { NoSavedRegistration } from '../views/resume/no-saved-registration';
import { continueRoute } from './continue.route';
import ResumeOffer from './resume-offer';

export const Route = createLazyRoute('/continue')({ component: ContinuePage });

/**
 * /continue for a logged-in guardian: the offer for the licence of the link (or the latest saved registration);
 * 'Start over' leads to the licence's page, where a registration starts.
 */
function ContinuePage() {
  const { license } = continueRoute.useSearch();
  const navigate = useNavigate();
  const [none, setNone] = useState(false);
  const onNone = useCallback(() => setNone(true), []);
  const onStartOver = useCallback(
    (code: string) => void navigate({ to: '/licenses/$license', params: { license: code }, replace: true }),
    [navigate],
  );
  return (
    <Page>
      {none ? (
        <NoSavedRegistration license={license ?? null} />
      ) : (
        <ResumeOffer license={license ?? null} onNone={onNone} onStartOver={onStartOver} />
      )}
    </Page>
  );
}
