import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest, stubFetch } from '../../api/fetch-stub';
import { type PlayerFlowExit, playerMachine } from '../../machines/player.machine';
import { getCurrentUser, setCurrentUser } from '../../session/current-user';
import { PlayerFlow } from './player-flow';
import {
  expectedPlayerBody,
  optionLists,
  pageOneValues,
  pageTwoValues,
  refreshedAthlete,
  storedAthlete,
} from './player-test-data';

// Fills two pages of selects through user-event; on a shared two-core machine that can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

/** What the route does (src/routes/player.page.tsx), minus the router: the real machine with its real actors. */
function Route({ onExit }: { onExit: (exit: PlayerFlowExit) => void }) {
  const actorRef = useActorRef(playerMachine, { input: { user: getCurrentUser() } });
  const exit = useSelector(actorRef, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  if (exit) onExit(exit);
  return <PlayerFlow actorRef={actorRef} />;
}

/** The demo server's answers, after a short delay so a remount can happen while a call is in flight. */
function server(createAnswer: () => Response) {
  return stubFetch(async (request: RecordedRequest) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const path = new URL(request.url).pathname;
    if (path === '/api/player/create') return jsonResponse(optionLists.options);
    if (path === '/api/position') return jsonResponse(optionLists.positions);
    if (path === '/api/player') return createAnswer();
    if (path === '/api/user') return jsonResponse(refreshedAthlete);
    return jsonResponse({ message: 'Not found', messages: {} }, 404);
  });
}

async function fillBothPages() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const choose = (label: string, value: number | string | null) =>
    user.selectOptions(screen.getByLabelText(label), String(value));
  await screen.findByLabelText('Birth month');
  await choose('Birth month', pageOneValues.birthMonth);
  await choose('Birth day', pageOneValues.birthDay);
  await choose('Birth year', pageOneValues.birthYear);
  await choose('Feet', pageOneValues.heightFeet);
  await choose('Inches', pageOneValues.heightInches);
  await user.type(screen.getByLabelText('Weight (lbs)'), String(pageOneValues.weight));
  await choose('Gender', pageOneValues.gender);
  await choose('Sport', pageOneValues.sport);
  await choose('Position', pageOneValues.position);
  await choose('Season status', pageOneValues.seasonStatus);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await choose('Lifting experience', pageTwoValues.experienceLifting);
  await choose('Speed ladder experience', pageTwoValues.experienceAgility);
  await choose('Medicine ball experience', pageTwoValues.experienceUpperPlyo);
  await choose('Plyometric jump experience', pageTwoValues.experienceLowerPlyo);
  await choose('Weight goal', pageTwoValues.weightGoal);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  setCurrentUser(storedAthlete);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('player flow with its real calls', () => {
  it('loads the options under StrictMode, submits the §7 body with the user token, refreshes the user', async () => {
    const requests = server(() => jsonResponse({ id: 42 }));
    const onExit = vi.fn();
    render(
      <StrictMode>
        <Route onExit={onExit} />
      </StrictMode>,
    );
    // StrictMode stops and restarts the actor while the options load; the cancelled calls must not show an error.
    expect(await screen.findByLabelText('Birth month')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await fillBothPages();
    await waitFor(() => expect(onExit).toHaveBeenCalledWith({ to: '/dashboard' }));
    // Its own call: another flow's request left by an earlier file of this worker must not stand in for it.
    const post = requests.find(
      (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/player',
    );
    expect(post?.body).toEqual(expectedPlayerBody);
    expect(post?.headers.get('Authorization')).toBe(`Bearer ${storedAthlete.token}`);
    expect(getCurrentUser()).toEqual({ ...storedAthlete, player: { id: 42 } });
  });

  it("shows 'Validation error.' when the answer has no id", async () => {
    server(() => jsonResponse({}));
    render(<Route onExit={vi.fn()} />);
    await fillBothPages();
    expect((await screen.findByRole('alert')).textContent).toBe('Validation error.');
    expect(getCurrentUser()?.player).toBeNull();
  });

  it("lists the messages of an error response's errors object", async () => {
    server(() =>
      jsonResponse(
        {
          message: 'The given data was invalid.',
          messages: { birthday: ['The birthday is not a valid date.'] },
          errors: { birthday: ['The birthday is not a valid date.'], phase: ['The selected phase is invalid.'] },
        },
        422,
      ),
    );
    render(<Route onExit={vi.fn()} />);
    await fillBothPages();
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'The birthday is not a valid date.',
      'The selected phase is invalid.',
    ]);
  });
});
