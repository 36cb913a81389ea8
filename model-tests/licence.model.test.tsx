import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import { currentUserSchema, type LicenceInfo, type User, userSchema } from '../src/api/schemas';
import type { WaitlistEntry } from '../src/api/waitlist.schemas';
import { currentUser as wireCurrentUser, user as wireUser } from '../src/api/wire-samples';
import { formatHoldUntil } from '../src/domain/dates';
import { PAYMENT_REFUNDED, PAYMENT_SUCCEEDED } from '../src/domain/payment-rules';
import type { LicenceActorRef } from '../src/machines/licence.connect';
import { type LicenceInput, licenceMachine, type PaymentConfirmation } from '../src/machines/licence.machine';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { LicenceFlow } from '../src/views/licence/licence-flow';
import { cardReceipt, freeReceipt } from './card-payment.model.ts';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

// ---------------------------------------------------------------------------------------------------------------
// Server answers shaped like the demo fixtures (docs/fixtures.md)

const RELEASED = 'Your held spot on 12U Tigers was released.';
const northside = { organization_id: 1, organization_name: 'Northside Youth Baseball' };

const tigers: LicenceInfo = {
  license_code: 'TIGERS-2027',
  name: '12U Tigers registration',
  available: true,
  available_licenses: 20,
  expiration_date_formatted: null,
  paused: false,
  ...northside,
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  team_id: 1,
  is_coach: false,
};
const tigersFull: LicenceInfo = { ...tigers, available: false, available_licenses: 0 };
const tigersPaused: LicenceInfo = { ...tigers, available: false, paused: true };
/** Issue 21 point 3: a valid open waitlist offer answers the held seat as available for this visitor. */
const OFFER_EXPIRES_AT = '2026-11-28T18:00:00.000Z';
const tigersOffered: LicenceInfo = { ...tigers, available_licenses: 1, offer: { expires_at: OFFER_EXPIRES_AT } };

/** Issue 21 point 3: the family's entry on the licence's waitlist (GET /api/waitlist?license=CODE). */
const onWaitlist: WaitlistEntry = {
  license: 'TIGERS-2027',
  team: { name: '12U Tigers' },
  position: 2,
  status: 'waiting',
  offer: null,
  joined_at: '2026-11-26T18:00:00.000Z',
};
const waitlistFailure = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });

const coachLicence: LicenceInfo = {
  license_code: 'COACH-2027',
  name: 'Northside Coach License',
  available: true,
  available_licenses: 3,
  expiration_date_formatted: 'Dec 31, 2027',
  paused: false,
  ...northside,
  season_name: null,
  team_name: null,
  team_id: null,
  is_coach: true,
};
const coachGone: LicenceInfo = { ...coachLicence, available: false, available_licenses: 0 };

const claimOk = { status: 'OK', message: 'License claimed.' };
const claimNoneLeft = { status: 'UNAVAILABLE', message: 'Sorry, this license is not available.' };
const claimRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { license_code: ['This license cannot be claimed by your account.'] },
});
const loadFailure = new ApiError({ kind: 'http', status: 404, message: 'License not found.' });
const refreshFailure = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });

const refreshedCoach = (statusMessage: string): User =>
  userSchema.parse({
    ...wireUser,
    email: 'casey@example.com',
    is_coach: true,
    license: { license_code: 'COACH-2027', organization: null },
    subscription: { status_message: statusMessage, paid_through: '2027-12-31T00:00:00.000Z' },
  });

// ---------------------------------------------------------------------------------------------------------------
// Arrivals: the URL parameters of §2 and the stored user

const guardian = { email: 'pat@example.com', is_coach: false, license: null };
const tigersGuardian = { ...guardian, license: { license_code: 'TIGERS-2027', organization: null } };
const coach = { email: 'casey@example.com', is_coach: true, license: null };
const coachWithLicence = { ...coach, license: { license_code: 'COACH-2027', organization: null } };

const team = (input: Partial<LicenceInput>): LicenceInput => ({
  variant: 'team',
  code: 'TIGERS-2027',
  user: null,
  ...input,
});
const coachPage = (input: Partial<LicenceInput>): LicenceInput => ({
  variant: 'coach',
  code: 'COACH-2027',
  user: null,
  ...input,
});

/** Issue 19.1: what the payment flow hands over to the claimed page right after a payment. */
const paidByCard: PaymentConfirmation = { receipt: cardReceipt, refunded: false, afterReturn: false };
const paidAfterReturn: PaymentConfirmation = { receipt: cardReceipt, refunded: false, afterReturn: true };
const paidInFull: PaymentConfirmation = { receipt: freeReceipt, refunded: false, afterReturn: false };
const refunded: PaymentConfirmation = { receipt: null, refunded: true, afterReturn: false };

const inputs = {
  teamVisitor: team({ presetEmail: 'new.parent@example.com' }),
  teamUserWithoutFlags: team({ user: guardian }),
  teamCoachUserWithoutFlags: team({ user: coach }),
  teamOfferLink: team({ offer: 'offer-token' }),
  teamUserOfferLink: team({ user: guardian, offer: 'offer-token' }),
  teamClaimedRegistration: team({ claimedRegistration: true, user: guardian }),
  teamPaidByCard: team({ claimedRegistration: true, user: tigersGuardian, confirmation: paidByCard }),
  teamPaidAfterReturn: team({ claimedRegistration: true, user: tigersGuardian, confirmation: paidAfterReturn }),
  teamPaidInFull: team({ claimedRegistration: true, user: tigersGuardian, confirmation: paidInFull }),
  teamPaymentRefunded: team({ claimedRegistration: true, user: tigersGuardian, confirmation: refunded }),
  teamClaimedPageAfterLogout: team({ claimedRegistration: true, presetEmail: 'pat@example.com' }),
  teamClaimedPageWithoutEmail: team({ claimedRegistration: true }),
  teamClaimedLogin: team({ claimedLogin: true, user: guardian, apiSubdomain: 'northside' }),
  teamAlreadyClaimed: team({ claimedLogin: true, user: tigersGuardian }),
  teamClaimedLoginVisitor: team({ claimedLogin: true }),
  coachVisitor: coachPage({ presetEmail: 'new.coach@example.com' }),
  coachVisitorRedirLogin: coachPage({ redirLogin: true }),
  coachVisitorBothRedirects: coachPage({ redirLogin: true, redirRegister: true }),
  coachUserWithoutFlags: coachPage({ user: coach }),
  coachClaimedLoginCoach: coachPage({ claimedLogin: true, user: coach }),
  coachClaimedLoginGuardian: coachPage({ claimedLogin: true, user: guardian, apiSubdomain: 'northside' }),
  coachClaimedRegistration: coachPage({ claimedRegistration: true }),
  coachAlreadyClaimed: coachPage({ claimedLogin: true, user: coachWithLicence }),
} satisfies Record<string, LicenceInput>;

// The stored user the silent logout must clear (src/session): seeded before every path, checked after arrival.
const storedUser = currentUserSchema.parse({ ...wireCurrentUser, email: 'pat@example.com', license: null });
beforeEach(() => {
  setCurrentUser(storedUser);
});

const model = defineModel({
  machine: licenceMachine,
  inputs,
  events: {
    'xstate.done.actor.licence': (snapshot) =>
      snapshot.context.variant === 'coach'
        ? [doneEvent('licence', coachLicence), doneEvent('licence', coachGone)]
        : snapshot.context.offer !== null
          ? // An offer's link: the offer is open (the held seat), or expired or taken (the usual answer: full).
            [doneEvent('licence', tigersOffered), doneEvent('licence', tigersFull)]
          : [doneEvent('licence', tigers), doneEvent('licence', tigersFull), doneEvent('licence', tigersPaused)],
    'xstate.error.actor.licence': [errorEvent('licence', loadFailure)],
    'xstate.done.actor.waitlistEntry': [
      doneEvent('waitlistEntry', { entry: onWaitlist, released: null }),
      doneEvent('waitlistEntry', { entry: null, released: null }),
      // Issue 30 point 4: the family's held spot was released: the page says so after the logout.
      doneEvent('waitlistEntry', { entry: null, released: RELEASED }),
    ],
    'xstate.error.actor.waitlistEntry': [errorEvent('waitlistEntry', waitlistFailure)],
    'xstate.done.actor.claim': [doneEvent('claim', claimOk), doneEvent('claim', claimNoneLeft)],
    'xstate.error.actor.claim': [errorEvent('claim', claimRefused)],
    'xstate.done.actor.user': [
      doneEvent('user', refreshedCoach('License active.')),
      doneEvent('user', refreshedCoach('License expired.')),
    ],
    'xstate.error.actor.user': [errorEvent('user', refreshFailure)],
  },
  context: ['licence', 'user', 'errorText', 'confirmation', 'offer', 'joiningWaitlist', 'released'],
  states: {
    loading: (snapshot, { invocations }) => {
      const { context } = snapshot;
      expect(invocations.at(-1)).toMatchObject({
        id: 'licence',
        src: 'loadLicence',
        input: { code: context.code, variant: context.variant, offer: context.offer },
      });
      // §4: a logged-in user arriving without a claimed flag is logged out silently; with one, stays logged in.
      const arrivedLoggedIn =
        context.accountEmail === 'pat@example.com' || context.accountEmail === 'casey@example.com';
      const withoutFlags = !context.claimedRegistration && !context.claimedLogin;
      if (arrivedLoggedIn && withoutFlags) {
        expect(context.user).toBeNull();
        expect(getCurrentUser()).toBeNull();
      } else {
        expect(getCurrentUser()).not.toBeNull();
      }
    },
    // Issue 21 point 3: a guardian arriving logged in (not from an offer's link) is looked up on the waitlist first.
    checkingWaitlist: (snapshot, { invocations }) => {
      expect(invocations.at(-1)).toMatchObject({ id: 'waitlistEntry', input: { code: 'TIGERS-2027' } });
      expect(snapshot.context.offer).toBeNull();
      expect(getCurrentUser()).not.toBeNull();
    },
    toWaitlist: (snapshot, { invocations }) => {
      // Found on the list: /waitlist shows the entry; 'Join the waitlist' (after a refused claim): it joins there.
      const found = invocations.at(-1)?.id === 'waitlistEntry';
      expect(snapshot.output).toEqual({
        to: '/waitlist',
        search: found ? { license: 'TIGERS-2027' } : { license: 'TIGERS-2027', join: true },
      });
      // The family stays logged in to see (and leave) its place.
      expect(getCurrentUser()).not.toBeNull();
    },
    'team.autoClaiming': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'claim', src: 'claimLicence', input: { code: 'TIGERS-2027' } }),
    'coach.claiming': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'claim', src: 'claimLicence', input: { code: 'COACH-2027' } }),
    'coach.refreshingUser': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'user', src: 'refreshUser' }),
    'coach.licence.claimFailed': (snapshot) => {
      const expected = [
        'This license cannot be claimed by your account.',
        'License expired.',
        'Unauthenticated.',
      ] as const;
      expect(expected).toContain(snapshot.context.errorText);
      // A refreshed user is stored (§7 GET /api/user refreshes the user); the person stays logged in.
      if (snapshot.context.errorText === 'License expired.') {
        expect(getCurrentUser()?.subscription?.status_message).toBe('License expired.');
      }
      expect(getCurrentUser()).not.toBeNull();
    },
    'team.welcome.claimFailed': (snapshot) =>
      expect(snapshot.context.errorText).toBe('This license cannot be claimed by your account.'),
    // §4: claimed leads to silent logout.
    'coach.claimed': (snapshot) => {
      expect(snapshot.context.user).toBeNull();
      expect(getCurrentUser()).toBeNull();
    },
    toLogin: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.output).toEqual({
        to: '/login',
        search: {
          license: context.code,
          step: 2,
          ...(context.variant === 'coach' ? { coach: true } : { is_team_license: true }),
          ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
          ...(context.joiningWaitlist ? { waitlist: true } : {}),
        },
      });
      if (context.variant === 'coach') expect(context.redirLogin && !context.redirRegister).toBe(true);
    },
    toRegister: (snapshot) => {
      const { context } = snapshot;
      expect(snapshot.output).toEqual({
        to: '/register',
        search: {
          license: context.code,
          is_team_license: true,
          ...(context.variant === 'coach' ? { coach: true } : {}),
          ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
          ...(context.joiningWaitlist ? { waitlist: true } : {}),
        },
      });
    },
    toClaimedPage: (snapshot) => {
      expect(snapshot.output).toEqual({
        to: '/licenses/$license',
        params: { license: 'TIGERS-2027' },
        search: { claimed_registration: true, preset_email: 'pat@example.com', api_subdomain: 'northside' },
      });
      expect(getCurrentUser()).toBeNull();
    },
    toCoachClaimed: (snapshot) => {
      const apiSubdomain = snapshot.context.apiSubdomain;
      expect(snapshot.output).toEqual({
        to: '/coach-claimed',
        search: { license: 'COACH-2027', ...(apiSubdomain === null ? {} : { api_subdomain: apiSubdomain }) },
      });
      expect(getCurrentUser()).toBeNull();
    },
  },
});

const driver: Driver<typeof licenceMachine> = {
  YES: (_event, { user }) => user.click(screen.getByRole('button', { name: 'Yes' })),
  NO: (_event, { user }) => user.click(screen.getByRole('button', { name: 'No' })),
  CLAIM: (_event, { user }) => user.click(screen.getByRole('button', { name: 'Claim one' })),
  RETRY: (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  JOIN_WAITLIST: (_event, { user }) => user.click(screen.getByRole('button', { name: 'Join the waitlist' })),
};

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

/** The white-label app name the route gives the views (src/routes/branding.ts). */
const BRAND = 'Northside Baseball';

async function renderInRouter(actor: LicenceActorRef) {
  // The success screen links to /payments (issue 19.2), so the views render inside a router.
  const rootRoute = createRootRoute({
    component: () => <LicenceFlow actorRef={actor} brand={{ appName: BRAND, iconUrl: null }} />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/licenses/TIGERS-2027'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

/**
 * Issue 15, 19.1: right after a payment the claimed page confirms it at its top, with no extra step: amount, team
 * and season, plan, card, schedule, where the receipt went, or that a second payment was refunded.
 */
function expectConfirmation(confirmation: PaymentConfirmation) {
  const title = screen.getByRole('heading', { level: 1, name: 'Payment confirmed' });
  expect(document.activeElement).toBe(title);
  const { receipt } = confirmation;
  if (confirmation.refunded || receipt === null) {
    // A second payment for a team already paid was given back: the family is told so, with nothing else to show.
    expect(screen.getByRole('status').textContent).toBe(PAYMENT_REFUNDED);
    expect(screen.queryByText('Paid today', { selector: 'dt' })).toBeNull();
    return;
  }
  const value = (term: string) =>
    screen.getByText(term, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
  expect(value('Paid today')).toBe(receipt.amount_cents === 0 ? '$0.00' : '$107.00');
  expect(value('Team')).toBe('12U Tigers');
  expect(value('Season')).toBe('Spring 2027');
  expect(value('Plan')).toBe(receipt.plan_name);
  expect(screen.getByText('A receipt has been sent to pat@example.com.')).toBeTruthy();
  if (receipt.card === null) {
    expect(screen.queryByText('Card', { selector: 'dt' })).toBeNull();
    expect(screen.getByText('Nothing more is due.')).toBeTruthy();
  } else {
    expect(value('Card')).toBe('Visa ending in 4242');
    const rows = within(screen.getByRole('table', { name: 'Remaining payments' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateAmount',
      'Apr 1, 2027$137.33',
      'May 1, 2027$137.33',
      'Jun 1, 2027$137.34',
    ]);
  }
  // §8: after a 3-D Secure return the confirmation also gives the result message.
  if (confirmation.afterReturn) expect(screen.getByRole('status').textContent).toBe(PAYMENT_SUCCEEDED);
  else expect(screen.queryByText(PAYMENT_SUCCEEDED)).toBeNull();
}
const storeLinks = () =>
  within(screen.getByRole('list', { name: 'App stores' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** Issue 30 point 4: the released hold's text, shown exactly when the server sent it. */
function releasedShown(released: string | null) {
  if (released === null) expect(screen.queryByText(/was released/)).toBeNull();
  else expect(screen.getByText(released)).toBeTruthy();
}

runPaths({
  model,
  uiRun: {
    name: 'licence driver',
    render: ({ actor }) => renderInRouter(actor),
    data: [BRAND],
    driver,
    states: {
      failed: () => {
        expect(heading()).toBe('Welcome to Diamond Academy');
        expect(screen.getByRole('alert').textContent).toBe('Sorry, an error occurred.');
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      paused: () => {
        expect(screen.getByRole('status').textContent).toBe('Registration has been paused by the organization.');
        expect(screen.getByText('Northside Youth Baseball')).toBeTruthy();
        expect(screen.getByText('Spring 2027')).toBeTruthy();
        expect(screen.getByText('12U Tigers')).toBeTruthy();
        expect(screen.queryByRole('button')).toBeNull();
      },
      'team.welcome': ({ snapshot }) => {
        expect(heading()).toBe('Welcome to Diamond Academy');
        releasedShown(snapshot.context.released);
        // Issue 21 point 3: from an open offer's link, the held seat and until when.
        const held = `A spot is held for you until ${formatHoldUntil(OFFER_EXPIRES_AT)}.`;
        if (snapshot.context.licence?.offer === undefined) expect(screen.queryByText(held)).toBeNull();
        else expect(screen.getByText(held).getAttribute('role')).toBe('status');
        expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
        expect(screen.getByText('Already have a Diamond Academy App account?')).toBeTruthy();
        expect(screen.getByText('12U Tigers · Spring 2027')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
      },
      'team.welcome.ready': () => expect(screen.queryByRole('alert')).toBeNull(),
      'team.welcome.claimFailed': () =>
        expect(screen.getByRole('alert').textContent).toBe('This license cannot be claimed by your account.'),
      'team.unavailable': ({ snapshot }) => {
        expect(heading()).toBe('Welcome to Diamond Academy');
        releasedShown(snapshot.context.released);
        // The spec's text unchanged, whatever an expired offer's link said; no held seat.
        expect(screen.getByRole('alert').textContent).toBe('Sorry, this license is not available.');
        expect(screen.queryByText(/A spot is held for you/)).toBeNull();
      },
      'team.unavailable.notice': () => {
        // Issue 21 point 3: under the notice, 'Join the waitlist'.
        expect(screen.getByRole('button', { name: 'Join the waitlist' })).toHaveProperty('disabled', false);
        expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
        expect(screen.queryByText('Already have a Diamond Academy App account?')).toBeNull();
      },
      'team.unavailable.joining': () => {
        // Joining asks the welcome's question; focus moves to it (the button that asked is gone).
        const question = screen.getByRole('heading', { level: 2, name: 'Already have a Diamond Academy App account?' });
        expect(document.activeElement).toBe(question);
        expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
        expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
      },
      'team.success': ({ snapshot }) => {
        const { confirmation } = snapshot.context;
        const steps = ['Go to the app store', 'Download the app', 'Log in'];
        const title = 'Three steps to activate your Northside Baseball account';
        if (confirmation === null) {
          // Any other arrival (a reload included) shows no confirmation: the steps are the page.
          expect(heading()).toBe(title);
          expect(screen.queryByText('Payment confirmed')).toBeNull();
          expect(screen.getAllByRole('heading', { level: 2 }).map((step) => step.textContent)).toEqual(steps);
        } else {
          // The confirmation first, then the activation steps one level down in the outline.
          expectConfirmation(confirmation);
          expect(screen.getAllByRole('heading', { level: 2 }).map((step) => step.textContent)).toEqual([title]);
          expect(screen.getAllByRole('heading', { level: 3 }).map((step) => step.textContent)).toEqual(steps);
        }
        // Issue 19.2: a link (keyboard and screen readers reach it by its name) to My payments.
        expect(screen.getByRole('link', { name: 'My payments' }).getAttribute('href')).toBe('/payments');
        expect(screen.getByText(/download the Northside Baseball app/)).toBeTruthy();
        const email = snapshot.context.accountEmail;
        if (email === null) {
          expect(screen.getByText('Log in with the email and password you registered with.')).toBeTruthy();
        } else {
          expect(screen.getByText(email).closest('p')?.textContent).toBe(`Log in as ${email} with your password.`);
        }
        expect(storeLinks()).toEqual(['Download on the App Store', 'Get it on Google Play']);
      },
      'coach.licence': () => {
        expect(heading()).toBe('Northside Coach License');
        expect(screen.getByText('3 licenses available')).toBeTruthy();
        expect(screen.getByText('Access to the Coach app until:').textContent).toContain('Dec 31, 2027');
        expect(screen.getByRole('button', { name: 'Claim one' })).toBeTruthy();
      },
      'coach.licence.ready': () => expect(screen.queryByRole('alert')).toBeNull(),
      'coach.licence.claimFailed': ({ snapshot }) =>
        expect(screen.getByRole('alert').textContent).toBe(snapshot.context.errorText),
      'coach.unavailable': () => {
        expect(heading()).toBe('Northside Coach License');
        expect(screen.getByRole('alert').textContent).toBe('Sorry, Coach licenses are no longer available.');
        expect(screen.queryByRole('button', { name: 'Claim one' })).toBeNull();
      },
      'coach.claimed': () => {
        expect(heading()).toBe("You've already registered for Northside Coach License");
        expect(screen.getByText('You have full access to the Coach app until:').textContent).toContain('Dec 31, 2027');
        expect(screen.getByText('Download the app now to get started.')).toBeTruthy();
        expect(screen.getByText('Simply log in with the email and password provided.')).toBeTruthy();
        expect(storeLinks()).toEqual(['Download on the App Store', 'Get it on Google Play']);
      },
    },
  },
});
