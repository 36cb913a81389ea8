import { render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { Coupon, PlanDetails, SubscribeProcessResponse, User } from '../src/api/schemas';
import type { SubscribeBillingForm } from '../src/domain/forms/subscribe-billing';
import { UNEXPECTED_CARD_ERROR } from '../src/domain/payment-rules';
import type { SubscriptionTerm } from '../src/domain/subscription-pricing';
import { subscribeMachine } from '../src/machines/subscribe.machine';
import {
  BILLING_UNAVAILABLE_TEXT,
  BillingCardError,
  type BillingDetails,
  type BillingText,
  BillingUnavailableError,
  UNEXPECTED_CARD_TEXT,
} from '../src/providers/billing/billing-provider';
import { createSandboxBilling } from '../src/providers/billing/sandbox-billing';
import { CARD_STATUS_MESSAGES } from '../src/providers/billing/subscription-result';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { SubscribeFlow } from '../src/views/subscribe/subscribe-flow';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof subscribeMachine>;

// ---------------------------------------------------------------------------------------------------------------
// The stub API's answers (docs/fixtures.md: plans and coupons; prices in cents after the schema boundary)

const guardian: User = {
  id: 41,
  name: 'Pat Rivera',
  email: 'pat@example.com',
  phone: null,
  username: null,
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
};
const activeSubscription = { status_message: 'Subscription active.', paid_through: '2027-02-01T00:00:00.000Z' };
const subscriber: User = { ...guardian, has_subscription: true, subscription: activeSubscription };
/** §4 statuses with nothing active (docs/fixtures.md trialended@example.com): they may subscribe. */
const trialEnded: User = {
  ...guardian,
  has_subscription: true,
  subscription: { status_message: 'Trial period has ended.', paid_through: null },
};
const subscriptionNotActive: User = {
  ...guardian,
  has_subscription: true,
  subscription: { status_message: 'Subscription not active.', paid_through: null },
};
const nothingActiveUsers = new Map(
  [trialEnded, subscriptionNotActive].map((user) => [user.subscription?.status_message ?? '', user]),
);

const prices: PlanDetails = {
  monthly_price: 1499,
  annual_price: 11999,
  annual_price_pm: 1199,
  quarterly_price: 3999,
  trial_interval_length: 7,
  trial_interval_length_annual: 14,
  trial_interval_length_annual_pm: null,
  trial_interval_length_quarterly: null,
};
const save5: Coupon = {
  coupon_code: 'SAVE5',
  discount_type: 'dollars',
  discount_in_cents: 500,
  discount_percent: null,
  duration: 'temporal',
  applies_for_months: 3,
};
const halfOff: Coupon = {
  coupon_code: 'HALFOFF',
  discount_type: 'percent',
  discount_in_cents: null,
  discount_percent: 50,
  duration: 'forever',
  applies_for_months: null,
};
const notFound = new ApiError({ kind: 'http', status: 404, message: 'Not found.' });
const serverError = new ApiError({ kind: 'http', status: 500, message: 'The server had a problem.' });
const billingProvider = createSandboxBilling();
const OTHER_TEXT = 'Your card details have expired. Please enter your card again.';

const billing: BillingDetails = {
  first_name: 'Pat',
  last_name: 'Rivera',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'CA',
};

/** The billing form as the view sends it for `billing` (the state typed in capitals, Canada chosen). */
const billingForm: SubscribeBillingForm = {
  firstName: 'Pat',
  lastName: 'Rivera',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'CA',
};

const success: SubscribeProcessResponse = { status: 'success', subscription: activeSubscription };
const failure = (message: string): SubscribeProcessResponse => ({ status: 'error', message });

/**
 * Every text `shopping.failed` may hold: §8's card statuses and the card form's fallback (catalogue messages), the
 * provider's and the server's texts as they came.
 */
const FAILURE_TEXTS: readonly BillingText[] = [
  ...Object.values(CARD_STATUS_MESSAGES),
  OTHER_TEXT,
  'Card number is invalid.',
  UNEXPECTED_CARD_TEXT,
  serverError.message,
];

/** What a person reads for the catalogue messages the machine holds (spec §8, word for word). */
const FAILURE_ENGLISH: Readonly<Record<string, string>> = {
  'subscribe.cardDeclined': 'Your card was declined. Please check your payment information and try again.',
  'subscribe.cardNoPlan': "We didn't find your subscription plan",
  'subscribe.cardProcessor': 'We had an error processing your card. Please try again later or contact support.',
  'subscribe.cardError': 'We had a problem processing your card. Please try again later or contact support.',
  'subscribe.unexpectedCardError': UNEXPECTED_CARD_ERROR,
};

function englishOf(failure: BillingText | null): string {
  if (failure === null || typeof failure === 'string') return failure ?? '';
  const messages = 'key' in failure ? [failure] : failure;
  return messages.map((message) => FAILURE_ENGLISH[message.key] ?? `(no English for ${message.key})`).join('\n');
}

const hasPlainCheckout = (snapshot: Snapshot) =>
  snapshot.context.coupon === null && snapshot.context.urlTerm === null && !snapshot.context.urlCouponInvalid;

/**
 * Event variants per snapshot. Each failure text is a state of its own (context.error is serialised) so the screen
 * shows every one; the rarer ones are explored from the plain checkout only. Every answer keeps at least one variant:
 * without one the harness would send the bare event type.
 */
function events(snapshot: Snapshot): AnyEventObject[] {
  const { context } = snapshot;
  const nothingActive =
    context.user === null ? undefined : nothingActiveUsers.get(context.user.subscription?.status_message ?? '');
  if (nothingActive) {
    // §4 Subscribe: a user with nothing active stays on /subscribe and may buy. These inputs walk the plain purchase
    // only (no link, no coupon); every other branch is the plain input's.
    return [
      { type: 'RETRY' },
      { type: 'SELECT_TERM', term: context.term },
      { type: 'APPLY_COUPON', code: '' },
      { type: 'SUBSCRIBE', values: billingForm, coupon: '' },
      doneEvent('refreshUser', nothingActive),
      errorEvent('refreshUser', serverError),
      doneEvent('planDetails', prices),
      errorEvent('planDetails', serverError),
      doneEvent('loadBilling', billingProvider),
      errorEvent('loadBilling', new BillingUnavailableError('Recurly.js could not be loaded')),
      doneEvent('tokenize', 'sbx-tok-abcdefghijklmnopqrstuvwx'),
      errorEvent('tokenize', new BillingCardError('Card number is invalid.')),
      doneEvent('process', success),
      errorEvent('process', serverError),
      doneEvent('refreshAfterPurchase', subscriber),
      errorEvent('refreshAfterPurchase', serverError),
    ];
  }
  const terms: SubscriptionTerm[] = ['annual', 'annual-pm', 'quarterly', 'monthly'];
  const plain = hasPlainCheckout(snapshot);
  return [
    { type: 'RETRY' },
    ...terms.map((term) => ({ type: 'SELECT_TERM', term })),
    { type: 'APPLY_COUPON', code: 'SAVE5' },
    { type: 'APPLY_COUPON', code: '' },
    { type: 'SUBSCRIBE', values: billingForm, coupon: '' },
    // The coupon entry is hidden when the link brought the coupon or offers no monthly tile: nobody can type one.
    ...(context.couponFromUrl || context.urlTerm === 'annual'
      ? []
      : [{ type: 'SUBSCRIBE', values: billingForm, coupon: 'SAVE5' }]),
    doneEvent('refreshUser', guardian),
    doneEvent('refreshUser', subscriber),
    errorEvent('refreshUser', serverError),
    doneEvent('planDetails', prices),
    errorEvent('planDetails', serverError),
    doneEvent('validateOrganization', { status: true }),
    doneEvent('validateOrganization', { status: false }),
    errorEvent('validateOrganization', notFound),
    doneEvent('urlCoupon', halfOff),
    errorEvent('urlCoupon', notFound),
    doneEvent('loadBilling', billingProvider),
    errorEvent('loadBilling', new BillingUnavailableError('Recurly.js could not be loaded')),
    doneEvent('couponDetails', save5),
    errorEvent('couponDetails', notFound),
    doneEvent('tokenize', 'sbx-tok-abcdefghijklmnopqrstuvwx'),
    errorEvent('tokenize', new BillingCardError('Card number is invalid.')),
    ...(plain ? [errorEvent('tokenize', new Error('Failed to fetch'))] : []),
    doneEvent('process', success),
    doneEvent('process', failure('declined')),
    ...(plain
      ? [
          doneEvent('process', failure('nosubplan')),
          doneEvent('process', failure('processor')),
          doneEvent('process', failure('error')),
          doneEvent('process', failure(OTHER_TEXT)),
        ]
      : []),
    errorEvent('process', serverError),
    doneEvent('refreshAfterPurchase', subscriber),
    errorEvent('refreshAfterPurchase', serverError),
  ];
}

const storedGuardian = { ...guardian, token: 'session-token' };

const model = defineModel({
  machine: subscribeMachine,
  inputs: {
    plain: { user: storedGuardian },
    // A link with an organization and a coupon (§2 Subscribe query).
    link: { couponCode: 'HALFOFF', organization: 'northside', user: storedGuardian },
    // §4: an annual term in the URL hides the quarterly and monthly tiles.
    annualLink: { term: 'annual', user: storedGuardian },
    // Issue 19 point 3: the link's coupon is validated whatever the term; an annual link applies none.
    annualCouponLink: { term: 'annual', couponCode: 'HALFOFF', user: storedGuardian },
    // §4: 'Trial period has ended.' and 'Subscription not active.' stay on /subscribe and see the tiles.
    trialEnded: { user: trialEnded },
    subscriptionNotActive: { user: subscriptionNotActive },
  },
  events,
  context: ['coupon', 'couponFromUrl', 'urlCouponInvalid', 'error'],
  states: {
    loadingPlans: (snapshot, { invocations }) => {
      expect(invocations.at(-1)?.src).toBe('fetchPlanDetails');
      // Whoever reaches the plans has nothing active, or no subscription at all.
      expect(snapshot.context.user?.subscription?.status_message ?? null).not.toBe('Subscription active.');
    },
    validatingOrganization: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ organization: 'northside' }),
    validatingUrlCoupon: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ code: 'HALFOFF' }),
    applyingCoupon: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ code: 'SAVE5' }),
    shopping: (snapshot) => {
      // §4 term rules: a coupon forces monthly; otherwise the default or the person's choice among the offered tiles.
      if (snapshot.context.coupon !== null) expect(snapshot.context.term).toBe('monthly');
      if (snapshot.context.urlTerm === 'annual') {
        expect(['annual', 'annual-pm']).toContain(snapshot.context.term);
        // The annual link wins: no coupon is applied, not even a valid one from the link.
        expect(snapshot.context.coupon).toBeNull();
      }
    },
    tokenizing: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ provider: snapshot.context.billing, details: billing }),
    processing: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({
        term: snapshot.context.term,
        coupon_code: snapshot.context.coupon?.coupon_code ?? null,
        token: 'sbx-tok-abcdefghijklmnopqrstuvwx',
        ...billing,
      }),
    'shopping.failed': (snapshot) => expect(FAILURE_TEXTS).toContainEqual(snapshot.context.error),
    toDashboard: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/dashboard' });
      // The dashboard reads the stored user: it carries the subscription (redirected, or just bought).
      expect(getCurrentUser()?.subscription?.status_message).toBe('Subscription active.');
    },
  },
});

beforeEach(() => {
  setCurrentUser(storedGuardian);
});

// ---------------------------------------------------------------------------------------------------------------
// The driver: what a person does for each event

const TERM_NAMES: Record<SubscriptionTerm, string> = {
  annual: 'Annual',
  'annual-pm': 'Annual, billed monthly',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
};

/**
 * The control a visible label names. Found through the label element rather than getByLabelText/getByRole: the
 * accessibility-tree queries cost a tenth of a second each on this page, on every step of some 160 paths.
 */
function control(label: string): HTMLInputElement | HTMLSelectElement {
  const element = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const target = element?.control;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) {
    throw new Error(`No control labelled "${label}"`);
  }
  return target;
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === name);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

async function fill(user: UserEvent, label: string, value: string) {
  const field = control(label);
  if (field.value === value) return;
  await user.clear(field);
  // Pasted rather than typed key by key: the same change events, at a fraction of the time.
  if (value !== '') await user.paste(value);
}

const driver: Driver<typeof subscribeMachine> = {
  RETRY: async (_event, { user }) => user.click(button('Try again')),
  SELECT_TERM: async (event, { user }) => user.click(tile(TERM_NAMES[event.term]).radio),
  APPLY_COUPON: async (event, { user }) => {
    await fill(user, 'Coupon code (optional)', event.code);
    await user.click(button('Apply Coupon'));
  },
  SUBSCRIBE: async (event, { user }) => {
    await fill(user, 'First name', event.values.firstName);
    await fill(user, 'Last name', event.values.lastName);
    await fill(user, 'Address', event.values.address);
    await fill(user, 'City', event.values.city);
    await fill(user, 'State or province', event.values.state);
    await fill(user, 'Postal code', event.values.postalCode);
    await user.selectOptions(control('Country'), 'Canada');
    await fill(user, 'Card number', '4111 1111 1111 1111');
    await fill(user, 'Expiration month', '12');
    await fill(user, 'Expiration year', '2030');
    await fill(user, 'Security code (CVV)', '123');
    if (event.coupon !== '' || hasCouponEntry()) await fill(user, 'Coupon code (optional)', event.coupon);
    await user.click(button('Subscribe'));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// What a person sees (spec texts)

function expectHeading(snapshot: Snapshot) {
  const { context } = snapshot;
  const expected = context.organizationInvalid
    ? 'Sorry, this organization is not valid.'
    : context.urlCouponInvalid
      ? 'Sorry, this coupon is not valid.'
      : 'Your plan';
  expect(document.querySelector('h1')?.textContent).toBe(expected);
}

/** A plan tile by its title: the radio (named by the title through aria-labelledby) and the tile's text. */
function tile(title: string) {
  const label = [...document.querySelectorAll('label.plan-tile')].find(
    (candidate) => candidate.querySelector('.plan-tile__title')?.textContent === title,
  );
  const radio = label?.querySelector('input[type="radio"]');
  const titleId = label?.querySelector('.plan-tile__title')?.id;
  if (!label || !(radio instanceof HTMLInputElement) || radio.getAttribute('aria-labelledby') !== titleId) {
    throw new Error(`No plan tile named "${title}"`);
  }
  return { radio, text: label.textContent ?? '' };
}

function hasCouponEntry(): boolean {
  return [...document.querySelectorAll('button')].some((candidate) => candidate.textContent === 'Apply Coupon');
}

function expectTiles(snapshot: Snapshot) {
  const { context } = snapshot;
  const annualOnly = context.urlTerm === 'annual';
  const names = [...document.querySelectorAll('input[type="radio"]')].map((radio) => radio.getAttribute('value'));
  expect(names).toEqual(annualOnly ? ['annual', 'annual-pm'] : ['annual', 'annual-pm', 'quarterly', 'monthly']);
  // §9: annual per month = 119.99 / 12 − 0.01; the trial days per plan and the card note.
  const annual = tile('Annual');
  expect(annual.text).toContain('$9.99 per month');
  expect(annual.text).toContain('Billed once a year: $119.99.');
  expect(annual.text).toContain('14-day free trial.');
  expect(annual.text).toContain('Your card will not be charged until your free trial ends.');
  const annualPm = tile('Annual, billed monthly');
  expect(annualPm.text).toContain('$11.99 per month');
  expect(annualPm.text).toContain('12-month commitment');
  expect(annualPm.text).not.toContain('free trial');
  if (!annualOnly) {
    expect(tile('Quarterly').text).toContain('$39.99 per quarter');
    const monthly = tile('Monthly').text;
    expect(monthly).toContain('7-day free trial.');
    if (context.coupon?.coupon_code === 'SAVE5') {
      expect(monthly).toContain('$9.99 per month');
      expect(monthly).toContain('With your coupon: $9.99 a month for the first 3 months, then $14.99 a month.');
    } else if (context.coupon?.coupon_code === 'HALFOFF') {
      expect(monthly).toContain('$7.50 per month');
      expect(monthly).toContain('With your coupon: $7.50 a month instead of $14.99.');
    } else {
      expect(monthly).toContain('$14.99 per month');
    }
  }
  expect(tile(TERM_NAMES[context.term]).radio.checked).toBe(true);
  if (context.coupon !== null) {
    // §4: a coupon forces monthly; the other tiles cannot be chosen.
    expect(tile('Annual').radio.disabled).toBe(true);
    expect(screen.getByText('Coupons apply to the monthly plan.')).toBeTruthy();
  }
}

function expectForm(snapshot: Snapshot) {
  for (const label of ['First name', 'Last name', 'Address', 'City', 'State or province', 'Postal code']) {
    expect(control(label)).toBeTruthy();
  }
  expect(control('Card number')).toBeTruthy();
  const countries = [...(control('Country') as HTMLSelectElement).options].map((option) => option.textContent);
  expect(countries).toContain('United States');
  expect(countries).toContain('Canada');
  // The coupon entry is hidden when the link brought a valid coupon (§2 Subscribe), and where no monthly tile is.
  expect(hasCouponEntry()).toBe(!snapshot.context.couponFromUrl && snapshot.context.urlTerm !== 'annual');
  expect(
    screen.getByText('A full refund is available on request within 7 days of your initial purchase.'),
  ).toBeTruthy();
  expect(
    screen.getByText('Your subscription renews automatically at the end of each billing period until you cancel it.'),
  ).toBeTruthy();
}

function alerts(): string[] {
  return [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent ?? '');
}

/** A second problem of the link is an alert below the heading that names the first. */
function pageAlerts(snapshot: Snapshot): string[] {
  return snapshot.context.organizationInvalid && snapshot.context.urlCouponInvalid
    ? ['Sorry, this coupon is not valid.']
    : [];
}

runPaths({
  uiPaths: 'covering',
  model,
  uiRun: {
    name: 'subscribe driver',
    render: ({ actor }) => render(<SubscribeFlow actorRef={actor} />),
    driver,
    states: {
      refreshingUser: () => expect(screen.getByRole('heading', { name: 'Your plan' })).toBeTruthy(),
      loadFailed: () => {
        expect(alerts()).toEqual(['The server had a problem.']);
        expect(button('Try again').disabled).toBe(false);
      },
      validatingUrlCoupon: ({ snapshot }) => expectHeading(snapshot),
      loadingBilling: ({ snapshot }) => {
        expectHeading(snapshot);
        expectTiles(snapshot);
        // The form waits for the billing provider.
        expect(() => button('Subscribe')).toThrow();
      },
      billingUnavailable: () => {
        expect(alerts()).toEqual([BILLING_UNAVAILABLE_TEXT]);
        expect(button('Try again').disabled).toBe(false);
      },
      shopping: ({ snapshot }) => {
        expect(button('Subscribe').disabled).toBe(false);
        expect(tile(TERM_NAMES[snapshot.context.term]).radio.checked).toBe(true);
        if (snapshot.context.coupon !== null) {
          expect(screen.getByText(`Coupon ${snapshot.context.coupon.coupon_code} applied.`)).toBeTruthy();
        }
      },
      'shopping.idle': ({ snapshot }) => {
        expectHeading(snapshot);
        expectTiles(snapshot);
        expectForm(snapshot);
        expect(alerts()).toEqual(pageAlerts(snapshot));
      },
      'shopping.couponInvalid': ({ snapshot }) => {
        expect(alerts()).toEqual([...pageAlerts(snapshot), 'This coupon is invalid.']);
        expect(control('Coupon code (optional)').getAttribute('aria-invalid')).toBe('true');
      },
      'shopping.couponNotApplied': ({ snapshot }) => {
        expect(alerts()).toEqual([...pageAlerts(snapshot), 'Apply your coupon code to your order before submitting.']);
        expect(control('Coupon code (optional)').getAttribute('aria-invalid')).toBe('true');
      },
      'shopping.failed': ({ snapshot }) =>
        expect(alerts()).toEqual([...pageAlerts(snapshot), englishOf(snapshot.context.error)]),
      applyingCoupon: () => {
        // Focusable while busy (aria-disabled), so focus does not fall to <body>; the press is ignored.
        expect(button('Apply Coupon').getAttribute('aria-disabled')).toBe('true');
        expect(button('Apply Coupon').disabled).toBe(false);
        expect(button('Subscribe').disabled).toBe(true);
      },
      tokenizing: () => expect(button('Subscribe').disabled).toBe(true),
      processing: () => expect(button('Subscribe').disabled).toBe(true),
      toDashboard: () => expect(screen.getByRole('status').textContent).toBe('Taking you to your account…'),
    },
  },
});

// Issue 13 point 4: the billing schema (src/domain/forms/subscribe-billing.ts) guards SUBSCRIBE; the coupon schema
// (subscribe-coupon.ts) sends an unapplied coupon to 'Apply your coupon code…' (a state, as §5 wants the message).
describe('subscribe machine refuses an invalid billing form', () => {
  const shopping = snapshotAt(model, 'shopping.idle', { input: 'plain' });
  const subscribe = (change: Partial<SubscribeBillingForm>) => ({
    type: 'SUBSCRIBE' as const,
    values: { ...billingForm, ...change },
    coupon: '',
  });

  it('takes the form as the driver fills it', () => {
    expect(shopping.can(subscribe({}))).toBe(true);
  });

  it.each([
    ['a state that is not a two-letter code', { state: 'Illinois' }],
    ['no city', { city: '  ' }],
    ['a country outside the list', { country: 'XX' }],
  ] satisfies [string, Partial<SubscribeBillingForm>][])('refuses %s', (_label, change) => {
    expect(isRefused(shopping, subscribe(change))).toBe(true);
  });
});
