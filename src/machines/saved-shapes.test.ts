/**
 * Issue 30 point 3: registrations saved by today's site, frozen as they were saved (only the fields each flow reads
 * back; JSON as the server stores it). The `<flow>.persist.test.ts` files round-trip the live machine, so a context
 * field renamed in the machine and in its declaration alike still passes them, while every registration saved before
 * the rename would stop reading back. These samples do not follow a rename: renaming a field read back fails here
 * until the declaration keeps a reader of this shape (`older`), and then this test shows that reader at work. A new
 * shape adds its own frozen sample beside these.
 */
import { describe, expect, it } from 'vitest';
import { loginProgress } from './login.persist';
import { paymentProgress } from './payment.persist';
import { registerProgress } from './register.persist';

/** The athlete steps inside a wizard's saved snapshot, with the athlete chosen (athlete-steps.persist.ts). */
const ATHLETE_STEPS_CHILD = { athleteSteps: { snapshot: { context: { chosenAthlete: { user_id: 11 } } } } };

describe('registrations saved in the shapes of Dec 2026 read back', () => {
  it('a payment saved at checkout, with its plan, protection and discount code', () => {
    const saved = {
      status: 'active',
      value: { checkout: 'ready' },
      context: {
        user: { license: { license_code: 'TIGERS-2027' } },
        data: { athlete: { id: 11 } },
        selectedPlanMonth: 3,
        includeProtection: true,
        discount: { code: 'FULLRIDE' },
        household: null,
      },
    };
    expect(paymentProgress.pointOf(saved)).toEqual({
      flow: 'payment',
      license: 'TIGERS-2027',
      step: 'checkout',
      athleteId: 11,
      planMonth: 3,
      includeProtection: true,
      discountCode: 'FULLRIDE',
    });
  });

  it('a login saved at the athlete list, with the athlete chosen', () => {
    const saved = {
      status: 'active',
      value: { athleteSteps: 'running' },
      context: { license: 'TIGERS-2027', athleteStep: 'athleteList', resumedAthleteId: null },
      children: ATHLETE_STEPS_CHILD,
    };
    expect(loginProgress.pointOf(saved)).toEqual({
      flow: 'login',
      license: 'TIGERS-2027',
      step: 'athleteList',
      athleteId: 11,
    });
  });

  it('a registration saved at create athlete, and one saved at its account step', () => {
    const atAthlete = {
      status: 'active',
      value: { athleteSteps: 'running' },
      context: { license: 'TIGERS-2027', athleteStep: 'createAthlete', resumedAthleteId: null, account: {} },
      children: ATHLETE_STEPS_CHILD,
    };
    expect(registerProgress.pointOf(atAthlete)).toEqual({
      flow: 'register',
      license: 'TIGERS-2027',
      step: 'createAthlete',
      athleteId: 11,
    });
    const atAccount = {
      status: 'active',
      value: 'guardianAccount',
      context: { license: 'TIGERS-2027', athleteStep: 'athleteList', resumedAthleteId: null, account: { id: 5 } },
    };
    expect(registerProgress.pointOf(atAccount)).toEqual({
      flow: 'register',
      license: 'TIGERS-2027',
      step: 'account',
      athleteId: null,
    });
  });
});
