import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type CurrentUser, currentUserSchema, type User } from '../api/schemas';
import { currentUser as wireUser } from '../api/wire-samples';
import type { GuardianFormValues } from '../domain/forms/guardian';
import { joinName } from '../domain/names';
import { t } from '../i18n/runtime';
import { guardianAccountView, guardianFormStart, initialGuardianValues, splitName } from './register.connect';
import { registerMachine } from './register.machine';

describe('splitName', () => {
  it.each([
    ['Pat Rivera', 'Pat', 'Rivera'],
    ['Mary Ann Smith', 'Mary', 'Ann Smith'],
    ['  Cher  ', 'Cher', ''],
    ['', '', ''],
  ])('splits %j into %j and %j', (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });

  it('gives parts that §5 joins back into the same name', () => {
    for (const name of ['Pat Rivera', 'Mary Ann Smith', 'Jean Luc Picard']) {
      const { firstName, lastName } = splitName(name);
      expect(joinName(firstName, lastName)).toBe(name);
    }
  });

  it('treats a missing name as empty', () => {
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
  });
});

describe('initialGuardianValues', () => {
  it('starts a new account empty except for the preset e-mail', () => {
    expect(initialGuardianValues(null, 'new@example.com')).toEqual({
      firstName: '',
      lastName: '',
      phone: '',
      email: 'new@example.com',
      password: '',
      confirmPassword: '',
    });
  });

  it('fills the account being edited, phone masked, passwords empty', () => {
    const account = { id: 10, name: 'Pat Rivera', email: 'pat@example.com', phone: '5551234567' };
    expect(initialGuardianValues(account, 'ignored@example.com')).toEqual({
      firstName: 'Pat',
      lastName: 'Rivera',
      phone: '555-123-4567',
      email: 'pat@example.com',
      password: '',
      confirmPassword: '',
    });
  });
});

describe('guardianAccountView', () => {
  const typed: GuardianFormValues = {
    firstName: 'Pat',
    lastName: 'Rivera',
    phone: '555-123-4567',
    email: 'pat@example.com',
    password: 'Password1!',
    confirmPassword: 'Password1!',
  };

  function start(user: CurrentUser | null, exists: boolean) {
    const machine = registerMachine.provide({
      actors: {
        checkEmail: fromPromise(async () => ({ exists })),
        register: fromPromise(() => new Promise<CurrentUser>(() => {})),
        updateAccount: fromPromise(() => new Promise<User>(() => {})),
      },
    });
    return createActor(machine, { input: { license: 'TIGERS-2027', user } }).start();
  }

  it('creates an account for a visitor, with Back to the licence', () => {
    const snapshot = start(null, false).getSnapshot();
    expect(t(guardianAccountView(snapshot).heading)).toBe('Create your Primary Guardian account');
    expect(guardianAccountView(snapshot)).toEqual({
      creating: true,
      heading: 'register.createHeading',
      logInHref: null,
      alert: null,
      busy: false,
      canBack: true,
    });
  });

  it("edits the stored user's account, starting from it", () => {
    const user = currentUserSchema.parse({ ...wireUser, name: 'Mary Ann Smith', phone: '5551234567' });
    const snapshot = start(user, false).getSnapshot();
    expect(guardianAccountView(snapshot)).toMatchObject({ creating: false, heading: 'register.editHeading' });
    expect(t(guardianAccountView(snapshot).heading)).toBe('Edit your Account');
    expect(guardianFormStart(snapshot)).toMatchObject({
      firstName: 'Mary',
      lastName: 'Ann Smith',
      phone: '555-123-4567',
    });
  });

  it('links login step 2 for an existing account with the submitted address (§8)', async () => {
    const actor = start(null, true);
    actor.send({ type: 'SUBMIT', values: typed });
    expect(guardianAccountView(actor.getSnapshot()).busy).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(guardianAccountView(actor.getSnapshot())).toMatchObject({
      logInHref: '/login?step=2&license=TIGERS-2027&is_team_license=true&preset_email=pat%40example.com',
      alert: null,
      busy: false,
    });
  });
});
