import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_SERVER_KEY } from '../session/api-server';
import { setAthleteToken } from '../session/athlete-token';
import { setCurrentUser } from '../session/current-user';
import * as auth from './auth';
import * as branding from './branding';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import * as licences from './licences';
import * as memberships from './memberships';
import * as paymentData from './payment-data';
import * as player from './player';
import * as sandbox from './sandbox';
import { currentUserSchema } from './schemas';
import * as subscribe from './subscribe';
import * as samples from './wire-samples';

const testConfig = vi.hoisted(() => ({
  config: {
    apiServers: [
      { id: 'default' as const, label: 'Default', url: '' },
      { id: 'alternate' as const, label: 'Alternate', url: 'https://api.example.com:8443' },
    ],
    clientId: '7',
    serverCssUrl: '',
  },
}));
vi.mock('../config', () => testConfig);

const origin = window.location.origin;
const USER = 'Bearer user-token';
const ATHLETE = 'Bearer athlete-token';

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
  setAthleteToken('athlete-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  testConfig.config.serverCssUrl = '';
});

interface EndpointCase {
  name: string;
  call: () => Promise<unknown>;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  authorization: string | null;
  response: unknown;
  /** An answer that breaks the schema; `{ unexpected: true }` unless the schema accepts that. */
  invalidResponse?: unknown;
}

const registration = {
  email: 'new@example.com',
  phone: '555-555-5555',
  password: 'p',
  password_confirmation: 'p',
  name: 'A B',
};
const athleteAccount = {
  name: 'Sam Rivera',
  username: 'samrivera',
  password: 'p',
  password_confirmation: 'p',
  relationship: 'Mother',
};
const subscription = {
  term: 'monthly' as const,
  coupon_code: null,
  token: 'sbx-tok-1',
  first_name: 'Pat',
  last_name: 'Parent',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};
const checkoutBody = { payment_plan_month: 3, team_id: 1, discount_code: null, include_payment_protection_plan: true };
const billingCard = {
  number: '4111111111111111',
  month: '12',
  year: '2030',
  cvv: '123',
  first_name: 'Pat',
  last_name: 'Parent',
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};
const confirmBody = {
  client_secret: 'pi_1_secret_x',
  card_number: '4242424242424242',
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  return_url: 'http://localhost/payment',
};

const endpoints: EndpointCase[] = [
  {
    name: 'login',
    call: () => auth.login({ email: 'parent@example.com', password: 'Password1!' }),
    method: 'POST',
    path: '/api/auth/login',
    body: { email: 'parent@example.com', password: 'Password1!' },
    authorization: null,
    response: samples.currentUser,
  },
  {
    name: 'validateWebsiteToken',
    call: () => auth.validateWebsiteToken({ user_id: 10, token: 'web-tok' }),
    method: 'POST',
    path: '/api/website-token/validate',
    body: { user_id: 10, token: 'web-tok' },
    authorization: null,
    response: samples.currentUser,
  },
  {
    name: 'getUser',
    call: () => auth.getUser(),
    method: 'GET',
    path: '/api/user',
    authorization: USER,
    response: samples.user,
  },
  {
    name: 'updateUser',
    call: () => auth.updateUser(10, { name: 'Pat Parent', email: 'p@example.com', phone: '555' }),
    method: 'PUT',
    path: '/api/user/10',
    body: { name: 'Pat Parent', email: 'p@example.com', phone: '555' },
    authorization: USER,
    response: samples.user,
  },
  {
    name: 'register',
    call: () => auth.register(registration),
    method: 'POST',
    path: '/api/auth/register',
    body: registration,
    authorization: null,
    response: { ...samples.currentUser, is_new: true },
  },
  {
    name: 'registerAthlete',
    call: () => auth.registerAthlete(athleteAccount),
    method: 'POST',
    path: '/api/auth/register-athlete',
    body: athleteAccount,
    authorization: USER,
    response: samples.athlete,
  },
  {
    name: 'checkEmail',
    call: () => auth.checkEmail('a@b.c'),
    method: 'POST',
    path: '/api/auth/check-email',
    body: { email: 'a@b.c' },
    authorization: null,
    response: { exists: false },
  },
  {
    name: 'logoutRequest',
    call: () => auth.logoutRequest({ email: 'a@b.c', token: 'user-token' }),
    method: 'POST',
    path: '/api/auth/logout',
    body: { email: 'a@b.c', token: 'user-token' },
    authorization: USER,
    response: { message: 'Logged out.' },
  },
  {
    name: 'forgotPassword',
    call: () => auth.forgotPassword('a@b.c'),
    method: 'POST',
    path: '/api/auth/password/forgot-password',
    body: { email: 'a@b.c' },
    authorization: null,
    response: { message: 'Sent.' },
  },
  {
    name: 'resetPassword',
    call: () => auth.resetPassword({ email: 'a@b.c', password: 'x', password_confirmation: 'x', token: 'reset' }),
    method: 'POST',
    path: '/api/auth/password/forgot-password-reset',
    body: { email: 'a@b.c', password: 'x', password_confirmation: 'x', token: 'reset' },
    authorization: null,
    response: { message: 'Reset.', token: 'session' },
  },
  {
    name: 'setLatestLicense',
    call: () => auth.setLatestLicense('TIGERS-2027'),
    method: 'POST',
    path: '/api/user/latest-license',
    body: { license_code: 'TIGERS-2027' },
    authorization: USER,
    response: samples.latestLicense,
  },
  {
    name: 'getLatestLicense',
    call: () => auth.getLatestLicense(),
    method: 'GET',
    path: '/api/user/latest-license',
    authorization: USER,
    response: samples.latestLicense,
  },
  {
    name: 'getAthletes',
    call: () => auth.getAthletes(),
    method: 'GET',
    path: '/api/user/athletes',
    authorization: USER,
    response: [samples.athlete],
  },
  {
    name: 'validateOrganization',
    call: () => subscribe.validateOrganization('northside'),
    method: 'GET',
    path: '/api/subscribe/validate-organization/northside',
    authorization: null,
    response: { status: true },
  },
  {
    name: 'getCouponDetails',
    call: () => subscribe.getCouponDetails('SAVE 5/x'),
    method: 'GET',
    path: '/api/subscribe/coupon-details/SAVE%205%2Fx',
    authorization: null,
    response: samples.coupon,
  },
  {
    name: 'getLicenceInfo',
    call: () => licences.getLicenceInfo('TIGERS-2027'),
    method: 'GET',
    path: '/api/registration-link/info/TIGERS-2027',
    authorization: null,
    response: { ...samples.licenceInfo, is_coach: false },
  },
  {
    name: 'getCoachLicence',
    call: () => licences.getCoachLicence('COACH-2027'),
    method: 'GET',
    path: '/api/registration-link/license/coach/code/COACH-2027',
    authorization: null,
    response: samples.licenceInfo,
  },
  {
    name: 'linkLicence',
    call: () => licences.linkLicence({ token: 'web-tok', license: 'TIGERS-2027' }),
    method: 'POST',
    path: '/api/registration-link/license-link',
    body: { token: 'web-tok', license: 'TIGERS-2027' },
    authorization: USER,
    response: { organization_id: 1 },
  },
  {
    name: 'getPlanDetails',
    call: () => subscribe.getPlanDetails(),
    method: 'POST',
    path: '/api/subscribe/plan-details',
    body: {},
    authorization: USER,
    response: samples.planDetails,
  },
  {
    name: 'claimLicence',
    call: () => licences.claimLicence('TIGERS-2027'),
    method: 'POST',
    path: '/api/subscribe/claim-license',
    body: { license_code: 'TIGERS-2027' },
    authorization: ATHLETE,
    response: { status: 'OK', message: 'Claimed.' },
  },
  {
    name: 'processSubscription',
    call: () => subscribe.processSubscription(subscription),
    method: 'POST',
    path: '/api/subscribe/process',
    body: subscription,
    authorization: USER,
    response: { status: 'error', message: 'declined' },
  },
  {
    name: 'getDuplicateStatus',
    call: () => memberships.getDuplicateStatus(11),
    method: 'GET',
    path: '/api/memberships/duplicate-status/11',
    authorization: USER,
    response: { license_claimed: false, has_active_season_membership: false },
  },
  {
    name: 'getSubscriptionStatus',
    call: () => memberships.getSubscriptionStatus(),
    method: 'GET',
    path: '/api/memberships/subscription-status',
    authorization: ATHLETE,
    response: { payment_complete: 0 },
  },
  {
    name: 'getPaymentPlans',
    call: () => paymentData.getPaymentPlans({ discount_code: 'SAVE10', include_payment_protection_plan: true }),
    method: 'POST',
    path: '/api/memberships/payment-plans',
    body: { discount_code: 'SAVE10', include_payment_protection_plan: true },
    authorization: ATHLETE,
    response: samples.paymentData,
  },
  {
    name: 'getDraftPaymentPlans',
    call: () =>
      paymentData.getDraftPaymentPlans(
        { draft_id: 1, discount_code: null, include_payment_protection_plan: false },
        { auth: 'user' },
      ),
    method: 'POST',
    path: '/nova-field/team-draft-payment-plans',
    body: { draft_id: 1, discount_code: null, include_payment_protection_plan: false },
    authorization: null,
    response: { ...samples.paymentData, season: null, is_season_set: false },
  },
  {
    name: 'getDiscount',
    call: () => memberships.getDiscount('SAVE10'),
    method: 'GET',
    path: '/api/discount-codes/SAVE10',
    authorization: ATHLETE,
    response: samples.serverDiscount,
  },
  {
    name: 'getDraftDiscount',
    call: () => memberships.getDraftDiscount('SAVE10', { auth: 'payer' }),
    method: 'GET',
    path: '/api/discount-codes/SAVE10',
    authorization: null,
    response: samples.serverDiscount,
  },
  {
    name: 'checkout',
    call: () => memberships.checkout(checkoutBody),
    method: 'POST',
    path: '/api/memberships/checkout',
    body: checkoutBody,
    authorization: ATHLETE,
    response: { client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1', payment_complete: 0 },
  },
  {
    name: 'checkoutSuccess',
    call: () => memberships.checkoutSuccess({ ...checkoutBody, stripe_payment_intent_id: 'pi_1' }),
    method: 'POST',
    path: '/api/memberships/checkout-success',
    body: { ...checkoutBody, stripe_payment_intent_id: 'pi_1' },
    authorization: ATHLETE,
    response: { payment_complete: 1, membership_id: 5 },
  },
  {
    name: 'createPlayer',
    call: () => player.createPlayer({ ...samples.playerPayload, sex: 'f' }),
    method: 'POST',
    path: '/api/player',
    body: samples.playerPayload,
    authorization: USER,
    response: { id: 3 },
    invalidResponse: { id: 'three' },
  },
  {
    name: 'getPlayerOptions',
    call: () => player.getPlayerOptions(),
    method: 'GET',
    path: '/api/player/create',
    authorization: USER,
    response: samples.playerOptions,
  },
  {
    name: 'getPositions',
    call: () => player.getPositions(),
    method: 'GET',
    path: '/api/position',
    authorization: USER,
    response: [samples.position],
  },
  {
    name: 'getWhiteLabel',
    call: () => branding.getWhiteLabel(),
    method: 'GET',
    path: '/api/white-label-settings/BUILD',
    authorization: null,
    response: samples.whiteLabel,
  },
  {
    name: 'createSandboxBillingToken',
    call: () => sandbox.createSandboxBillingToken(billingCard),
    method: 'POST',
    path: '/sandbox/billing/tokens',
    body: billingCard,
    authorization: null,
    response: { id: 'sbx-tok-1' },
  },
  {
    name: 'getSandboxPaymentIntent',
    call: () => sandbox.getSandboxPaymentIntent('pi_1', 'pi_1_secret_x'),
    method: 'GET',
    path: '/sandbox/payment-intents/pi_1?client_secret=pi_1_secret_x',
    authorization: null,
    response: samples.intent,
  },
  {
    name: 'confirmSandboxPaymentIntent',
    call: () => sandbox.confirmSandboxPaymentIntent('pi_1', confirmBody),
    method: 'POST',
    path: '/sandbox/payment-intents/pi_1/confirm',
    body: confirmBody,
    authorization: null,
    response: { payment_intent: samples.intent },
  },
];

describe.each(endpoints)('$name', ({ call, method, path, body, authorization, response, invalidResponse }) => {
  it(`sends ${method} ${path} with its body and ${authorization ?? 'no authorization'}`, async () => {
    const requests = stubFetch(() => jsonResponse(response));
    await call();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe(method);
    expect(request?.url).toBe(`${origin}${path}`);
    expect(request?.body).toEqual(body);
    expect(request?.headers.get('Authorization')).toBe(authorization);
    expect(request?.headers.get('X-Requested-With')).toBe('website');
  });

  it('rejects an answer that does not match its schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse(invalidResponse ?? { unexpected: true }));
    await expect(call()).rejects.toMatchObject({ kind: 'schema' });
  });

  it('rejects an error answer with the server message', async () => {
    stubFetch(() => jsonResponse({ message: 'Not allowed.', messages: {} }, 403));
    await expect(call()).rejects.toMatchObject({ kind: 'http', status: 403, message: 'Not allowed.' });
  });
});

describe('endpoint results', () => {
  it('answers parsed data: money in cents', async () => {
    stubFetch(() => jsonResponse(samples.paymentData));
    const data = await paymentData.getPaymentPlans({ discount_code: null, include_payment_protection_plan: false });
    expect(data.team?.total_dues).toBe(45000);
  });

  it('answers null for the latest licence when the server has none (404)', async () => {
    stubFetch(() => jsonResponse({ message: 'No licence.', messages: {} }, 404));
    await expect(auth.getLatestLicense()).resolves.toBeNull();
  });

  it('lets a caller choose the token of a call', async () => {
    const requests = stubFetch(() => jsonResponse({ status: 'OK', message: 'Claimed.' }));
    await licences.claimLicence('COACH-2027', { auth: 'user' });
    expect(requests[0]?.headers.get('Authorization')).toBe(USER);
  });

  it('answers null for a created player without an id (§8 Validation error.)', async () => {
    stubFetch(() => jsonResponse({}));
    await expect(player.createPlayer({ ...samples.playerPayload, sex: 'm' })).resolves.toEqual({ id: null });
  });

  it('answers a declined sandbox card as a result, as Stripe.js does', async () => {
    const cardError = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    stubFetch(() => jsonResponse({ error: cardError }, 402));
    await expect(sandbox.confirmSandboxPaymentIntent('pi_1', confirmBody)).resolves.toEqual({ error: cardError });
  });

  it('still throws other sandbox confirmation failures', async () => {
    stubFetch(() => jsonResponse({ message: 'No such intent.', messages: {} }, 404));
    await expect(sandbox.confirmSandboxPaymentIntent('pi_1', confirmBody)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('branding hosts', () => {
  it.each([
    {
      server: 'default',
      subdomain: 'northside',
      expected: `http://northside.localhost:3000/api/white-label-settings/BUILD`,
    },
    { server: 'default', subdomain: null, expected: `${origin}/api/white-label-settings/BUILD` },
    { server: 'default', subdomain: '', expected: `${origin}/api/white-label-settings/BUILD` },
    {
      server: 'alternate',
      subdomain: 'lakeside',
      expected: 'https://lakeside.api.example.com:8443/api/white-label-settings/BUILD',
    },
  ])('asks $server for white-label settings of "$subdomain" at $expected', async ({ server, subdomain, expected }) => {
    localStorage.setItem(API_SERVER_KEY, server);
    const requests = stubFetch(() => jsonResponse(samples.whiteLabel));
    await branding.getWhiteLabel(subdomain);
    expect(requests[0]?.url).toBe(expected);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it.each(['evil.example.com/x?', 'a b', '-bad', 'x@y'])(
    'refuses api_subdomain %j and uses the selected server',
    (sub) => {
      const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(branding.whiteLabelBaseUrl(sub)).toBe(origin);
      expect(errorLog).toHaveBeenCalledOnce();
    },
  );

  it('builds the organization stylesheet URL on the selected server', () => {
    expect(branding.organizationCssUrl(4)).toBe(`${origin}/api/organizations/4/website-css`);
    localStorage.setItem(API_SERVER_KEY, 'alternate');
    expect(branding.organizationCssUrl(4)).toBe('https://api.example.com:8443/api/organizations/4/website-css');
  });

  it("builds the client stylesheet URL on the site's own host with the configured client id", () => {
    localStorage.setItem(API_SERVER_KEY, 'alternate');
    expect(branding.clientCssUrl()).toBe(`${origin}/api/clients/7/website-css`);
    testConfig.config.serverCssUrl = 'https://www.example.com/';
    expect(branding.clientCssUrl()).toBe('https://www.example.com/api/clients/7/website-css');
  });

  it('fetches both stylesheets as text without authorization', async () => {
    const requests = stubFetch(() => new Response('.x{}', { headers: { 'Content-Type': 'text/css' } }));
    await expect(branding.getOrganizationCss(4)).resolves.toBe('.x{}');
    await expect(branding.getClientCss()).resolves.toBe('.x{}');
    expect(requests.map((request) => request.url)).toEqual([
      `${origin}/api/organizations/4/website-css`,
      `${origin}/api/clients/7/website-css`,
    ]);
    expect(requests.every((request) => !request.headers.has('Authorization'))).toBe(true);
  });
});
