/**
 * Test support: answers of the API in wire form (money in dollars), shaped like the demo fixtures
 * (../shared/fixtures.md). Unit tests of src/api and the flows' tests use them as stub responses.
 */
export const organization = {
  id: 1,
  name: 'Northside Youth Baseball',
  waiver: 'Waiver text',
  api_user_id: 9,
  client: { api_subdomain: 'northside' },
};
export const user = {
  id: 10,
  name: 'Pat Parent',
  email: 'parent@example.com',
  phone: '555-555-5555',
  username: null,
  is_new: false,
  is_coach: false,
  has_subscription: true,
  player: null,
  license: { license_code: 'TIGERS-2027', organization },
  subscription: { status_message: 'License active.', paid_through: '2027-12-31T00:00:00.000Z' },
};
export const currentUser = { ...user, token: 'tok-1', deeplink: 'app://x' };
export const licenceInfo = {
  license_code: 'COACH-2027',
  name: 'Coach licence',
  available: true,
  available_licenses: 3,
  expiration_date_formatted: 'Dec 31, 2027',
  paused: false,
  organization_id: 1,
  organization_name: 'Northside Youth Baseball',
  season_name: null,
  team_name: null,
  team_id: null,
  is_coach: true,
};
export const athlete = { user_id: 11, name: 'Sam Rivera', token: 'ath-tok', relationship: 'Mother' };
export const team = {
  id: 1,
  name: '12U Tigers',
  total_dues: 450,
  athlete_deposit: '50.00',
  payment_plan_fee: 5,
  total_app_fee: 25,
  is_app_fee_itemized: true,
  waiver: null,
};
export const season = { id: 2, name: 'Spring 2027', start_date: '2027-03-01' };
export const protection = { id: 3, description: 'Injury Protection', amount: 29 };
export const phase = { start_time_formatted: 'Today', amount: 155.5, base_amount: 150, processing_fee: 5.5 };
export const plan = {
  month: 3,
  name: '3 months',
  additional: 5,
  phases: [phase, { ...phase, start_time_formatted: 'Apr 1' }],
};
export const paymentData = {
  team,
  season,
  injury_protection_insurance: protection,
  payment_plans: [
    { month: 0, name: 'Pay in full', phases: [{ start_time_formatted: 'Today', amount: 475, base_amount: 475 }] },
    plan,
  ],
  is_season_set: true,
  connected_account_stripe_id: null,
  error: null,
};
export const whiteLabel = {
  images: {
    app_icon: { '120': '/img/icon-120.png', '180': '/img/icon-180.png' },
    fullLogo: { '1x': '/img/logo.png' },
    fullLogoWithoutSubtitle: { '1x': '/img/logo-plain.png' },
  },
  strings: { app_name: 'Diamond Academy' },
};
export const intent = { id: 'pi_1', status: 'succeeded', amount: 15550, client_secret: 'pi_1_secret_x' };
export const playerPayload = {
  birthday: '3/7/2012',
  sex: 'f',
  weight: 95,
  height: 60,
  position: 1,
  phase: 2,
  lifting_experience: 1,
  agility_experience: 1,
  upper_plyometric_experience: 1,
  lower_plyometric_experience: 1,
  weight_goal: 3,
};
export const latestLicense = {
  license_code: 'TIGERS-2027',
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  organization_id: 1,
};
export const planDetails = {
  monthly_price: 14.99,
  annual_price: 119.99,
  annual_price_pm: 11.99,
  quarterly_price: 39.99,
  trial_interval_length: 7,
  trial_interval_length_annual: 14,
  trial_interval_length_annual_pm: null,
  trial_interval_length_quarterly: null,
};
export const coupon = {
  coupon_code: 'SAVE5',
  discount_type: 'dollars',
  discount_in_cents: 500,
  discount_percent: null,
  duration: 'temporal',
  applies_for_months: 3,
};
export const serverDiscount = { discount_code: 'SAVE10', percent_off: 10, flat_discount_amount: null, is_active: true };
export const playerOptions = {
  sports: [{ id: 1, name: 'Baseball' }],
  experience_levels: [{ id: 1, name: 'None' }],
  phase: [{ id: 2, name: 'In season' }],
  weight_goals: [{ id: 3, name: 'Maintain' }],
};
export const position = { id: 1, name: 'Pitcher', sport_id: 1 };

/** A receipt as checkout-success answers it (issue 15). */
export const receipt = {
  amount_cents: 10400,
  team_name: '12U Tigers',
  season_name: 'Spring 2027',
  plan_name: '3 monthly payments',
  email: 'pat@example.com',
  card: { brand: 'visa', last4: '4242' },
  remaining: [{ due_date: '2027-04-01', amount_cents: 13500 }],
};

/** GET /api/documents: a document a team requires, not uploaded yet (Sam's proof of age for 12U Sharks). */
export const neededDocument = {
  membership_id: 21,
  athlete: { id: 11, name: 'Sam Rivera' },
  team: { id: 9, name: '12U Sharks' },
  name: 'Proof of age',
  status: 'needed' as const,
  document_id: null,
  content_type: null,
  reject_reason: null,
  uploaded_at: null,
  reviewed_at: null,
  file_available: false,
  dob_locked: false,
};
