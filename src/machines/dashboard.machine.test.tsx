import { render, screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { currentUserSchema } from '../api/schemas';
import { currentUser as wireUser } from '../api/wire-samples';
import { setCurrentUser } from '../session/current-user';
import { dashboardMachine } from './dashboard.machine';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = currentUserSchema.parse({ ...wireUser, license: null });

function StateProbe() {
  const actorRef = useActorRef(dashboardMachine, {
    input: { user, servers: [{ id: 'default', label: 'Default', url: '' }], selectedServerId: 'default' },
  });
  const state = useSelector(actorRef, (snapshot) =>
    snapshot.matches('ready') ? `${JSON.stringify(snapshot.value)} ${snapshot.context.errorText ?? ''}` : 'busy',
  );
  return <p>{state}</p>;
}

describe('dashboard machine under React StrictMode', () => {
  it('loads the account once restarted, not showing the abort of the first mount (development builds)', async () => {
    setCurrentUser(user);
    const { token: _token, ...fresh } = user;
    const requests = stubFetch((request) =>
      request.url.endsWith('/api/user') ? jsonResponse(fresh) : jsonResponse({ payment_complete: 1 }),
    );
    render(
      <StrictMode>
        <StateProbe />
      </StrictMode>,
    );
    expect(await screen.findByText('{"ready":"idle"}', { exact: false })).toBeTruthy();
    // StrictMode mounted twice: the first call was aborted and the second answered.
    expect(requests.filter((request) => request.url.endsWith('/api/user')).length).toBe(2);
  });
});
