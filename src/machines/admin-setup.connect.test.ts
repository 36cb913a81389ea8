import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { staffFixture } from '../../model-tests/staff.fixtures';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { CODE_TAKEN } from '../domain/forms/admin-licence';
import { t, text } from '../i18n/runtime';
import { clearStaffSession, getStaffSession, setStaffSession } from '../session/staff';
import { formFieldOf, isValidAdminForm } from './admin-form-targets';
import { adminFormView, adminSetupView, consoleInstant, isOpen, openFormActor, plansText } from './admin-setup.connect';
import { adminSetupMachine } from './admin-setup.machine';

const licence = {
  code: 'COMETS-2027',
  name: '10U Comets',
  kind: 'team',
  team_id: 9,
  available_licenses: 10,
  paused: false,
  claimed: 2,
  expires_on: null,
  link: 'http://localhost:5173/licenses/COMETS-2027',
};
const team = {
  id: 9,
  season_id: 5,
  name: '10U Comets',
  total_dues_cents: 40_000,
  athlete_deposit_cents: 5_000,
  payment_plan_fee_cents: 1_000,
  total_app_fee_cents: 2_500,
  is_app_fee_itemized: true,
  plan_months: [6, 3],
  protection_plan_id: 2,
  licences: [licence],
};
const setupAnswer = {
  organization: {
    id: 1,
    name: 'Northside',
    waiver: null,
    household_discount: { second_percent: 10, further_percent: 15 },
  },
  seasons: [{ id: 5, name: 'Fall 2027', start_date: '2027-09-01', first_installment_on: '2027-09-15', teams: [team] }],
  coach_licences: [],
  protection_plans: [{ id: 2, name: 'Season protection', amount_cents: 2_500 }],
};
const draft = {
  id: 3,
  organization_id: 1,
  team_id: 9,
  season_id: 5,
  name: '10U Comets',
  total_dues_cents: 40_000,
  athlete_deposit_cents: 5_000,
  payment_plan_fee_cents: 1_000,
  total_app_fee_cents: 2_500,
  is_app_fee_itemized: true,
  plan_months: [3, 6],
  protection_plan_id: 2,
  waiver: null,
  updated_at: '2027-09-01T10:30:00.000Z',
  preview_path: '/draft?draft_id=3',
};
const staff = (role: 'owner' | 'registrar' | 'coach') =>
  staffFixture({
    id: 1,
    name: 'Olivia Grant',
    email: 'owner@northside.example',
    organizations: [{ id: 1, name: 'Northside', role, teams: null }],
  });

const helpPaying = {
  offers_assistance: true,
  accepts_check_or_cash: false,
  check_or_cash_instructions: null,
  check_or_cash_hold_days: 14,
};

function stubConsole(role: 'owner' | 'registrar', onWrite: (method: string, path: string) => Response) {
  return stubFetch((request) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'GET') return onWrite(request.method, path);
    if (path === '/api/admin/me') return jsonResponse({ staff: staff(role) });
    if (path.endsWith('/drafts')) return jsonResponse({ drafts: [draft] });
    if (path.endsWith('/staff')) {
      if (role !== 'owner')
        return jsonResponse({ message: 'Your role in this organization does not allow this.' }, 403);
      return jsonResponse({
        staff: [
          { id: 1, name: 'Olivia Grant', email: 'owner@northside.example', role: 'owner', teams: null },
          {
            id: 3,
            name: 'Chris Tanaka',
            email: 'c@example.com',
            role: 'coach',
            teams: [{ id: 4, name: '12U Tigers' }],
          },
        ],
        invites: [
          {
            id: 8,
            name: 'Sam Reyes',
            email: 'sam@example.com',
            role: 'coach',
            team: { id: 9, name: '10U Comets' },
            expires_at: '2027-09-08T12:00:00.000Z',
          },
        ],
      });
    }
    // Issue 34: the help paying settings (owners only).
    if (path.endsWith('/help-paying')) {
      if (role !== 'owner')
        return jsonResponse({ message: 'Your role in this organization does not allow this.' }, 403);
      return jsonResponse({ settings: helpPaying });
    }
    if (path.endsWith('/discount-codes'))
      return jsonResponse({
        discount_codes: [{ code: 'EARLY', percent_off: null, flat_discount_cents: 2_500, is_active: false }],
      });
    return jsonResponse(setupAnswer);
  });
}

beforeEach(() => setStaffSession({ token: 'staff-token', staff: staff('owner') }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('admin-setup.connect', () => {
  it('shows the seasons, teams, licences, settings and discount codes in dollars', async () => {
    stubConsole('registrar', () => jsonResponse({}, 500));
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    expect(adminSetupView(actor.getSnapshot())).toEqual({ kind: 'loading' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    const view = adminSetupView(actor.getSnapshot());
    if (view.kind !== 'loaded') throw new Error('not loaded');
    expect(view.canEditSetup).toBe(false);
    expect(view.role && t('admin.role', { role: view.role })).toBe('Registrar');
    const team = view.seasons[0]?.teams[0];
    expect(team).toMatchObject({
      dues: '$400.00',
      deposit: '$50.00',
      planFee: '$10.00',
      protectionPlan: 'Season protection',
    });
    expect(team?.appFeeItemized && t('admin.appFeeItemized', { amount: team.appFee })).toBe('$25.00 (itemized)');
    expect(plansText(team?.plans ?? [])).toBe('Pay in full, 3 or 6 monthly payments');
    const licence = team?.licences[0];
    expect(licence).toMatchObject({ code: 'COMETS-2027', seats: 10 });
    expect(licence && text(licence.status)).toBe('Open');
    expect(text(view.householdDiscount)).toBe('10% off the 2nd athlete, 15% off each further one');
    expect(
      view.discountCodes.map((code) => ({ ...code, amount: text(code.amount), active: text(code.active) })),
    ).toEqual([{ code: 'EARLY', amount: '$25.00 off', active: 'Inactive' }]);
    expect(view.open).toBeNull();
    expect(view.drafts).toEqual([
      { id: 3, name: '10U Comets', startedFrom: '10U Comets (Fall 2027)', savedAt: expect.stringMatching(/2027/) },
    ]);
    // A registrar is not asked for the staff list (owners only) and may not open an owner's form.
    expect(view.staff).toBeNull();
    actor.send({ type: 'OPEN', target: { form: 'editTeam', teamId: 9 } });
    expect(actor.getSnapshot().matches({ loaded: 'browsing' })).toBe(true);
    actor.send({ type: 'OPEN', target: { form: 'draft', organizationId: 1 } });
    expect(actor.getSnapshot().matches({ loaded: 'editing' })).toBe(true);
  });

  it('an owner reads the help paying settings and opens their form; a registrar is not asked for them (issue 34)', async () => {
    stubConsole('owner', () => jsonResponse({ settings: { ...helpPaying, check_or_cash_hold_days: 10 } }));
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    const view = adminSetupView(actor.getSnapshot());
    if (view.kind !== 'loaded') throw new Error('not loaded');
    expect(view.helpPaying).toEqual({
      offersAssistance: true,
      acceptsCheckOrCash: false,
      instructions: '',
      holdDays: 14,
      values: {
        offers_assistance: 'true',
        accepts_check_or_cash: 'false',
        check_or_cash_instructions: '',
        check_or_cash_hold_days: '14',
      },
    });
    actor.send({ type: 'OPEN', target: { form: 'helpPaying', organizationId: 1 } });
    expect(actor.getSnapshot().matches({ loaded: 'editing' })).toBe(true);

    stubConsole('registrar', () => jsonResponse({}, 500));
    const registrar = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(registrar, (snapshot) => snapshot.matches('loaded'));
    const theirs = adminSetupView(registrar.getSnapshot());
    expect(theirs.kind === 'loaded' && theirs.helpPaying).toBeNull();
    registrar.send({ type: 'OPEN', target: { form: 'helpPaying', organizationId: 1 } });
    expect(registrar.getSnapshot().matches({ loaded: 'browsing' })).toBe(true);
  });

  it("an owner: the staff with their roles, each team's and season's values for its change form", async () => {
    stubConsole('owner', () => jsonResponse({}, 500));
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    const view = adminSetupView(actor.getSnapshot());
    if (view.kind !== 'loaded') throw new Error('not loaded');
    expect(view.staff?.members.map((member) => text(member.role))).toEqual(['Owner', 'Coach (12U Tigers)']);
    expect(
      view.staff?.invites.map((invite) => ({
        ...invite,
        role: text(invite.role),
        expiresOn: consoleInstant(invite.expiresOn, false),
      })),
    ).toEqual([
      { id: 8, name: 'Sam Reyes', email: 'sam@example.com', role: 'Coach (10U Comets)', expiresOn: 'Sep 8, 2027' },
    ]);
    expect(view.seasons[0]?.values).toEqual({
      name: 'Fall 2027',
      start_date: '2027-09-01',
      first_installment_on: '2027-09-15',
    });
    expect(view.seasons[0]?.teams[0]?.values).toEqual({
      name: '10U Comets',
      total_dues_cents: '400.00',
      athlete_deposit_cents: '50.00',
      payment_plan_fee_cents: '10.00',
      total_app_fee_cents: '25.00',
      is_app_fee_itemized: 'true',
      plan_months: '6,3',
      protection_plan_id: '2',
    });
  });

  it('a new draft ends the page in its editor', async () => {
    const writes: string[] = [];
    stubConsole('registrar', (method, path) => {
      writes.push(`${method} ${path}`);
      return jsonResponse({ draft: { ...draft, id: 11 } }, 201);
    });
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'OPEN', target: { form: 'draft', organizationId: 1 } });
    const form = openFormActor(actor.getSnapshot());
    if (form === undefined) throw new Error('no form');
    form.send({ type: 'SUBMIT', values: { team_id: '' } }); // refused: 'Choose the team the draft starts from.'
    expect(form.getSnapshot().value).toBe('editing');
    form.send({ type: 'SUBMIT', values: { team_id: '9' } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ to: '/admin/drafts/$draftId', params: { draftId: '11' } });
    expect(writes).toEqual(['POST /api/admin/organizations/1/drafts']);
  });

  it("saves a form, reloads and says so; a refusal keeps the form with the server's message on its field", async () => {
    let answer = jsonResponse({ message: t(CODE_TAKEN), messages: { code: [t(CODE_TAKEN)] } }, 422);
    const writes: string[] = [];
    stubConsole('owner', (method, path) => {
      writes.push(`${method} ${path}`);
      return answer;
    });
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    const target = { form: 'licence', teamId: 9 } as const;
    actor.send({ type: 'OPEN', target });
    const form = openFormActor(actor.getSnapshot());
    if (form === undefined) throw new Error('no form');
    const opened = adminSetupView(actor.getSnapshot());
    expect(opened.kind === 'loaded' && isOpen(opened.open, target)).toBe(true);
    expect(opened.kind === 'loaded' && isOpen(opened.open, { form: 'licence', teamId: 8 })).toBe(false);
    form.send({ type: 'SUBMIT', values: { code: 'x', seats: '10' } }); // refused by the shared schema
    expect(form.getSnapshot().value).toBe('editing');
    form.send({ type: 'SUBMIT', values: { code: 'comets-2027', seats: '10' } });
    expect(adminFormView(form.getSnapshot()).busy).toBe(true);
    await waitFor(form, (snapshot) => snapshot.matches('failed'));
    expect(adminFormView(form.getSnapshot())).toEqual({
      busy: false,
      alert: 'This code is already in use.',
      fieldErrors: { code: 'This code is already in use.' },
    });
    form.send({ type: 'EDIT' });
    expect(adminFormView(form.getSnapshot()).fieldErrors).toEqual({});
    answer = jsonResponse({ licence }, 201);
    form.send({ type: 'SUBMIT', values: { code: 'comets-2027', seats: '10' } });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && snapshot.context.saved !== null);
    const view = adminSetupView(actor.getSnapshot());
    expect(view.kind === 'loaded' && view.savedText && text(view.savedText)).toBe('Licence saved.');
    expect(writes).toEqual(['POST /api/admin/teams/9/licences', 'POST /api/admin/teams/9/licences']);
  });

  it('forgets a session the server no longer knows and leads to /admin/login', async () => {
    stubFetch(() => jsonResponse({ message: 'Unauthenticated.' }, 401));
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ to: '/admin/login' });
    expect(getStaffSession()).toBeNull();
    expect(adminSetupView(actor.getSnapshot())).toEqual({ kind: 'leaving' });
  });

  it("shows a coach's refusal with a retry", async () => {
    const text = 'Your role in this organization does not allow this.';
    stubFetch(() => jsonResponse({ message: text }, 403));
    const actor = createActor(adminSetupMachine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(adminSetupView(actor.getSnapshot())).toEqual({ kind: 'failed', error: text });
  });

  it('names the plans, maps server keys to form fields and guards each form with its schema', () => {
    expect(plansText([])).toBe('Pay in full');
    expect(plansText([12, 3, 6])).toBe('Pay in full, 3, 6 or 12 monthly payments');
    expect(formFieldOf({ form: 'settings', organizationId: 1 }, 'household_discount.second_percent')).toBe(
      'second_percent',
    );
    expect(formFieldOf({ form: 'licence', teamId: 1 }, 'code')).toBe('code');
    expect(formFieldOf({ form: 'licence', teamId: 1 }, 'team_id')).toBeNull();
    expect(isValidAdminForm({ form: 'team', seasonId: 1 }, { name: 'A', total_dues_cents: '400' })).toBe(false);
    expect(
      isValidAdminForm(
        { form: 'team', seasonId: 1 },
        {
          name: '10U Comets',
          total_dues_cents: '400.00',
          athlete_deposit_cents: '50',
          payment_plan_fee_cents: '10',
          total_app_fee_cents: '0',
          is_app_fee_itemized: 'true',
          plan_months: '3',
          protection_plan_id: '',
        },
      ),
    ).toBe(true);
    expect(isValidAdminForm({ form: 'settings', organizationId: 1 }, { second_percent: '10' })).toBe(false);
    expect(isValidAdminForm({ form: 'pause', code: 'A', paused: true }, {})).toBe(true);
    expect(isValidAdminForm({ form: 'discountCode', organizationId: 1 }, { code: 'EARLY', percent_off: '10' })).toBe(
      true,
    );
  });
});
