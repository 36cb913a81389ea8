import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import { currentUserSchema } from '../api/schemas';
import { currentUser as wireUser } from '../api/wire-samples';
import { type Message, setLocale, text } from '../i18n/runtime';
import { athleteStepsMachine } from './athlete-steps.machine';
import { guardianLoginView, loginView } from './login.connect';
import { type LoginInput, loginMachine } from './login.machine';

const user = currentUserSchema.parse(wireUser);

/**
 * The real chart with its calls answered by `answer` (a rejection is a failed call), and the athlete steps as the page
 * gives them, their code loaded by `code`.
 */
function start(
  input: Partial<LoginInput>,
  answer: () => Promise<typeof user>,
  code: () => Promise<void> = async () => {},
) {
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise(answer),
      validateWebsiteToken: fromPromise(answer),
      athleteStepsCode: fromPromise(code),
      athleteSteps: athleteStepsMachine,
    },
  });
  return createActor(machine, { input: { user: null, ...input } }).start();
}

const never = () => new Promise<typeof user>(() => {});
const values = { email: 'pat@example.com', password: 'Password1!' };

describe('loginView', () => {
  it('names the step the wizard is at, and no child actor outside the athlete steps', () => {
    const actor = start({}, never);
    expect(loginView(actor.getSnapshot())).toEqual({
      screen: 'welcome',
      athleteSteps: undefined,
      athleteStepsCode: null,
    });
    actor.send({ type: 'YES' });
    expect(loginView(actor.getSnapshot()).screen).toBe('guardianLogin');
  });

  it('shows the token login while the token is checked', () => {
    const actor = start({ websiteToken: 'abc', userID: '7' }, never);
    expect(loginView(actor.getSnapshot()).screen).toBe('tokenLogin');
  });

  it('hands the athlete steps their own actor at steps 3 and 4, once their code is there', async () => {
    const actor = start({ step: 3, user }, never);
    expect(loginView(actor.getSnapshot())).toEqual({
      screen: 'athleteSteps',
      athleteSteps: undefined,
      athleteStepsCode: 'loading',
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ athleteSteps: 'running' }));
    const view = loginView(actor.getSnapshot());
    expect(view.screen).toBe('athleteSteps');
    expect(view.athleteSteps).toBe(actor.getSnapshot().children.athleteSteps);
    expect(view.athleteSteps).toBeDefined();
    expect(view.athleteStepsCode).toBeNull();
  });

  it("shows the athlete steps' code not fetched, and loads it again on 'Try again'", async () => {
    let fails = true;
    const actor = start({ step: 3, user }, never, async () => {
      if (fails) throw new TypeError('Failed to fetch dynamically imported module');
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ athleteSteps: 'failed' }));
    expect(loginView(actor.getSnapshot())).toEqual({
      screen: 'athleteSteps',
      athleteSteps: undefined,
      athleteStepsCode: 'failed',
    });
    fails = false;
    actor.send({ type: 'RETRY' });
    expect(loginView(actor.getSnapshot()).athleteStepsCode).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches({ athleteSteps: 'running' }));
    expect(loginView(actor.getSnapshot()).athleteSteps).toBeDefined();
  });

  it('shows nothing once the wizard has ended', () => {
    const actor = start({}, never);
    actor.send({ type: 'NO' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(loginView(actor.getSnapshot())).toEqual({ screen: null, athleteSteps: undefined, athleteStepsCode: null });
  });
});

describe('guardianLoginView', () => {
  it('pre-fills preset_email, with no alert, Back enabled and not busy', () => {
    const actor = start({ step: 2, preset_email: 'pat@example.com' }, never);
    expect(guardianLoginView(actor.getSnapshot())).toEqual({
      presetEmail: 'pat@example.com',
      alert: null,
      busy: false,
      canBack: true,
    });
  });

  it('is busy while logging in, and Back still leaves the step (it stops the call)', () => {
    const actor = start({ step: 2 }, never);
    actor.send({ type: 'SUBMIT', values });
    expect(guardianLoginView(actor.getSnapshot())).toMatchObject({ busy: true, canBack: true, alert: null });
  });

  it("puts the server's messages under 'Invalid login.' (§8)", async () => {
    const refused = new ApiError({ kind: 'http', status: 422, message: 'These credentials do not match our records.' });
    const actor = start({ step: 2 }, () => Promise.reject(refused));
    actor.send({ type: 'SUBMIT', values });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { alert } = guardianLoginView(actor.getSnapshot());
    expect(text(alert as Message)).toBe('Invalid login.\nThese credentials do not match our records.');
    // The same failure reads in Spanish once the language switches, the server's text kept as it came.
    await setLocale('es');
    expect(text(alert as Message)).toBe('Inicio de sesión no válido.\nThese credentials do not match our records.');
  });

  it('tells a refused website token (§8)', async () => {
    const actor = start({ websiteToken: 'abc', userID: '7' }, () => Promise.reject(new Error('401')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { alert } = guardianLoginView(actor.getSnapshot());
    expect(text(alert as Message)).toBe('The authentication token was invalid.');
  });
});
