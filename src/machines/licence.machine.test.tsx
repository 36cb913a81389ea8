import { render, screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { currentUserSchema } from '../api/schemas';
import { currentUser as wireCurrentUser, licenceInfo as wireLicenceInfo, user as wireUser } from '../api/wire-samples';
import { getCurrentUser, setCurrentUser } from '../session/current-user';
import { licenceMachine } from './licence.machine';

afterEach(() => {
  vi.unstubAllGlobals();
});

const tigers = {
  ...wireLicenceInfo,
  license_code: 'TIGERS-2027',
  name: '12U Tigers Spring 2027',
  is_coach: false,
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  team_id: 1,
};

describe('licence machine with the real API layer', () => {
  it('loads the team licence from registration-link info and shows the welcome', async () => {
    const requests = stubFetch(() => jsonResponse(tigers));
    const actor = createActor(licenceMachine, { input: { variant: 'team', code: 'TIGERS-2027', user: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ team: 'welcome' }));
    expect(requests.map((request) => request.url)).toEqual([
      `${window.location.origin}/api/registration-link/info/TIGERS-2027`,
    ]);
  });

  it('claims with claimed_login, logs out and leaves for the claimed page', async () => {
    setCurrentUser(currentUserSchema.parse({ ...wireCurrentUser, license: null }));
    const requests = stubFetch((request) =>
      request.method === 'POST' ? jsonResponse({ status: 'OK', message: 'License claimed.' }) : jsonResponse(tigers),
    );
    const actor = createActor(licenceMachine, {
      input: { variant: 'team', code: 'TIGERS-2027', claimedLogin: true, user: getCurrentUser() },
    }).start();
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({
      to: '/licenses/$license',
      params: { license: 'TIGERS-2027' },
      search: { claimed_registration: true, preset_email: wireCurrentUser.email },
    });
    expect(requests[1]).toMatchObject({ method: 'POST', body: { license_code: 'TIGERS-2027' } });
    expect(requests[1]?.headers.get('Authorization')).toBe(`Bearer ${wireCurrentUser.token}`);
    expect(getCurrentUser()).toBeNull();
  });

  it('refreshes a coach with GET /api/user after the claim', async () => {
    setCurrentUser(currentUserSchema.parse({ ...wireCurrentUser, is_coach: true, license: null }));
    const coachLicence = { ...wireLicenceInfo };
    const requests = stubFetch((request) => {
      if (request.method === 'POST') return jsonResponse({ status: 'OK', message: 'License claimed.' });
      if (request.url.endsWith('/api/user')) return jsonResponse({ ...wireUser, is_coach: true });
      return jsonResponse(coachLicence);
    });
    const actor = createActor(licenceMachine, {
      input: { variant: 'coach', code: 'COACH-2027', claimedLogin: true, user: getCurrentUser() },
    }).start();
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ to: '/coach-claimed', search: { license: 'COACH-2027' } });
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'GET /api/registration-link/license/coach/code/COACH-2027',
      'POST /api/subscribe/claim-license',
      'GET /api/user',
    ]);
  });
});

function Probe() {
  const actorRef = useActorRef(licenceMachine, { input: { variant: 'team', code: 'TIGERS-2027', user: null } });
  const state = useSelector(actorRef, (snapshot) => JSON.stringify(snapshot.value));
  return <p>{state}</p>;
}

describe('licence machine under React StrictMode', () => {
  it('is not derailed by the remount that stops and restarts the actor while the licence loads', async () => {
    stubFetch(() => new Promise<Response>((resolve) => setTimeout(() => resolve(jsonResponse(tigers)), 5)));
    render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    expect(await screen.findByText('{"team":{"welcome":"ready"}}')).toBeTruthy();
    expect(screen.queryByText('"failed"')).toBeNull();
  });
});
