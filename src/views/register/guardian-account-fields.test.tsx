import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { HouseholdAnswer } from '../../api/household-invites.schemas';
import { invitationSample } from '../../api/household-samples';
import type { CurrentUser } from '../../api/schemas';
import { FIRST_NAME_REQUIRED, PHONE_INCOMPLETE } from '../../domain/forms/guardian';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../domain/forms/password';
import { t } from '../../i18n/runtime';
import { householdJoinMachine } from '../../machines/household-join.machine';
import { registerMachine } from '../../machines/register.machine';
import { HouseholdJoinFlow } from '../household/household-join-flow';
import { RegisterFlow } from './register-flow';

/** /household/join's 'Create Account' form, for the invite above. */
async function joinAccountForm() {
  const machine = householdJoinMachine.provide({
    actors: {
      lookup: fromPromise(async () => ({ invite: invitationSample })),
      register: fromPromise(() => new Promise<CurrentUser>(() => {})),
      accept: fromPromise(() => new Promise<HouseholdAnswer>(() => {})),
    },
  });
  const actor = createActor(machine, { input: { token: 'tok', user: null } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ invited: 'choosing' }));
  actor.send({ type: 'CREATE_ACCOUNT' });
  render(<HouseholdJoinFlow actorRef={actor} />);
}

/** The register wizard's step 1, creating an account. */
function registerAccountForm() {
  render(
    <RegisterFlow actorRef={createActor(registerMachine, { input: { license: 'TIGERS-2027', user: null } }).start()} />,
  );
}

/** Every field of the form as a person meets it: label, type, autocomplete, required, hint. */
function fields() {
  return ['First Name', 'Last Name', 'Phone', 'Email', 'Password', 'Confirm Password'].map((label) => {
    const input = screen.getByLabelText<HTMLInputElement>(label);
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return [label, input.type, input.autocomplete, input.getAttribute('aria-required'), input.placeholder, described];
  });
}

describe('GuardianAccountFields: one guardian form for register step 1 and /household/join (issue 20 point 4)', () => {
  it('has the same fields, labels and hints on both pages', async () => {
    registerAccountForm();
    const registered = fields();
    cleanup();
    await joinAccountForm();
    expect(fields()).toEqual(registered);
    expect(registered.map((field) => field[5])).toEqual([
      '',
      '',
      '',
      '',
      t('common.passwordHint', { min: PASSWORD_MIN_LENGTH }),
      t('common.confirmPasswordHint'),
    ]);
    // The invitee's form starts with the invited address.
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('robin@example.com');
  });

  it('on /household/join, masks the phone and ties each error to its field, under the same schema', async () => {
    await joinAccountForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone'), '55512');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('555-12');
    await user.type(screen.getByLabelText('Password'), 'short');
    // A field left empty shows its error once left (Create Account stays disabled while any field is invalid).
    await user.click(screen.getByLabelText('First Name'));
    await user.tab();
    for (const [label, error] of [
      ['First Name', FIRST_NAME_REQUIRED],
      ['Phone', PHONE_INCOMPLETE],
      ['Password', PASSWORD_TOO_SHORT],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain(t(error));
    }
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' }).disabled).toBe(true);
  });
});
