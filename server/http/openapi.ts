import { OpenAPIHono, z } from '@hono/zod-openapi';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_LONG } from '../../src/domain/forms/password.ts';
import {
  hasPhoneDigits,
  PHONE_CHARACTERS,
  PHONE_CHARACTERS_INVALID,
  PHONE_MAX_LENGTH,
  PHONE_TOO_LONG,
} from '../../src/domain/forms/phone.ts';
import type { AppEnv } from '../deps.ts';
import { LOCALES } from '../i18n/index.ts';
import { validationHook } from './errors.ts';
import { HelpPayingSchema } from './help-paying-schemas.ts';

/** A router whose request validation failures answer 422 with the documented error body. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export const BEARER = [{ bearerAuth: [] }];

export const ErrorSchema = z
  .object({
    message: z.string(),
    messages: z.record(z.string(), z.array(z.string())),
  })
  .openapi('Error');

const ERROR_DESCRIPTIONS = {
  400: 'Malformed JSON',
  401: 'Missing or invalid token',
  403: 'Not allowed for this account',
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone (an invitation that expired or was used)',
  412: 'Precondition failed (If-Match names an older version)',
  428: 'Precondition required (send If-Match)',
  422: 'Validation error',
  429: 'Too many attempts (see Retry-After)',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The documented error responses of a route. */
export function errors(...statuses: ErrorStatus[]) {
  const responses: Partial<
    Record<ErrorStatus, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }>
  > = {};
  for (const status of statuses) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: ErrorSchema } },
    };
  }
  return responses;
}

export function json<T extends z.ZodType>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Request building blocks

/** Ids in paths and bodies: one bounded schema (./ids.ts). */
export { decimalWhole, id, idParam, idQuery } from './ids.ts';

export const codeParam = (name: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: 'path' } });

export const email = z.string().trim().max(254).email();
/**
 * Spec §5: a phone, if entered, has at least 10 digits (mask 000-000-0000). Length, characters and digits are the
 * rules the create-athlete form checks before submit (src/domain/forms/phone.ts).
 */
export const phone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, PHONE_TOO_LONG)
  .regex(PHONE_CHARACTERS, PHONE_CHARACTERS_INVALID)
  .refine(hasPhoneDigits, 'The phone field must have at least 10 digits.');
/** The client's guardian, reset and create-athlete forms check the same lengths (src/domain/forms/password.ts). */
export const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);
export const passwordConfirmation = z.string().max(PASSWORD_MAX_LENGTH);
export const name = z.string().trim().min(1).max(255);
/** Dollars with at most two decimals (docs/api.md Money). */
export const dollars = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amounts may have at most two decimals.');

// ---------------------------------------------------------------------------------------------------------------
// Response schemas (docs/api.md Entities)

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

/** One of the languages of the catalogues (issue 31): 'en' or 'es'. */
export const LanguageSchema = z.enum(LOCALES).openapi('Language', { description: "The person's language." });

export const UserSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    username: z.string().nullable(),
    token: z.string().optional(),
    is_new: z.boolean(),
    is_coach: z.boolean(),
    has_subscription: z.boolean(),
    player: z.object({ id: z.number().int() }).nullable(),
    license: z
      .object({
        license_code: z.string(),
        organization: z
          .object({
            id: z.number().int(),
            name: z.string(),
            waiver: z.string().nullable(),
            /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
            waiver_es: z.string().optional(),
            api_user_id: z.number().int().nullable(),
            client: z.object({ api_subdomain: z.string().nullable() }).nullable(),
          })
          .nullable(),
      })
      .nullable(),
    subscription: z.object({ status_message: z.string(), paid_through: z.string().nullable() }).nullable(),
    language: LanguageSchema,
    deeplink: z.string().nullable().optional(),
  })
  .openapi('User');

export const AthleteSchema = z
  .object({ user_id: z.number().int(), name: z.string(), token: z.string(), relationship: z.string() })
  .openapi('Athlete');

export const LicenceInfoSchema = z
  .object({
    license_code: z.string(),
    name: z.string(),
    available: z.boolean(),
    available_licenses: z.number().int(),
    expiration_date_formatted: z.string().nullable(),
    paused: z.boolean(),
    organization_id: z.number().int().nullable(),
    organization_name: z.string().nullable(),
    season_name: z.string().nullable(),
    team_name: z.string().nullable(),
    team_id: z.number().int().nullable(),
    is_coach: z.boolean(),
    /** Only with `?offer=` naming an open waitlist offer on this licence (issue 21): when its held seat goes on. */
    offer: z.object({ expires_at: z.string() }).optional(),
  })
  .openapi('LicenceInfo');

export const LatestLicenseSchema = z
  .object({
    license_code: z.string(),
    season_name: z.string().nullable(),
    team_name: z.string().nullable(),
    organization_id: z.number().int().nullable(),
    /** Issue 32: the team's age rule as the birth dates it allows, only when the team has one. */
    age_rule: z.object({ born_from: z.string(), born_to: z.string() }).optional(),
    /** Issue 32: true only when the team asks its own questions (the athlete steps then ask them). */
    has_questions: z.literal(true).optional(),
  })
  .openapi('LatestLicense');

export const PaymentDataSchema = z
  .object({
    team: z
      .object({
        id: z.number().int(),
        name: z.string(),
        total_dues: z.number(),
        athlete_deposit: z.number(),
        payment_plan_fee: z.number(),
        total_app_fee: z.number(),
        is_app_fee_itemized: z.boolean(),
        waiver: z.string().nullable(),
        /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
        waiver_es: z.string().optional(),
        /**
         * Issue 32 point 3 (additive): the version of the waiver shown (only with a waiver, never on a draft): the
         * checkout sends it back as `waiver_version`.
         */
        waiver_version: z.number().int().optional(),
        /**
         * Issue 32 point 2 (additive): the documents the team requires ('Proof of age', or the club's own), only when
         * it requires some and never on a draft: the site asks for them after the checkout.
         */
        required_documents: z.array(z.string()).optional(),
      })
      .nullable(),
    season: z.object({ id: z.number().int(), name: z.string(), start_date: z.string() }).nullable(),
    injury_protection_insurance: z
      .object({ id: z.number().int(), description: z.string(), amount: z.number() })
      .nullable(),
    payment_plans: z.array(
      z.object({
        month: z.number().int(),
        name: z.string(),
        additional: z.number().optional(),
        phases: z.array(z.object({ start_time_formatted: z.string(), amount: z.number(), base_amount: z.number() })),
      }),
    ),
    is_season_set: z.boolean(),
    connected_account_stripe_id: z.string().nullable(),
    error: z.string().nullable(),
    /** Issue 20: the paying athlete of a guardian (the first line of a family checkout). */
    athlete: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
    /** Issue 20: the household discount in these plans (dollars), null when none applies. */
    household: z
      .object({
        sibling_discount: z.number(),
        sibling_discount_percent: z.number(),
        position: z.number().int(),
      })
      .nullable()
      .optional(),
    /** Issue 34 (additive): only where the organization offers financial assistance or accepts check or cash. */
    help_paying: HelpPayingSchema.optional(),
  })
  .openapi('PaymentData');

export const SubscriptionStateSchema = z
  .object({ status_message: z.string(), paid_through: z.string().nullable() })
  .openapi('SubscriptionState');

// ---------------------------------------------------------------------------------------------------------------
// The document at /api/docs

type ApiDocument = ReturnType<OpenAPIHono<AppEnv>['getOpenAPIDocument']>;
type PathItem = ApiDocument['paths'][string];
type Operation = NonNullable<PathItem['get']>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Every operation's name in the document (`operationId`, what a generated client calls the method), and whether anyone
 * may call it. One table for the whole API, applied when the document is built, so that the route modules stay about
 * their routes; server/http/openapi.test.ts fails for an operation missing here and for a row naming none.
 * `public`: no token needed (the document declares `security: []`). Every other operation declares its security
 * on its route (bearer, optional bearer or the staff token), which the authorization matrix checks.
 */
export const OPERATIONS: Record<string, { operationId: string; public?: true }> = {
  'GET /api/health': { operationId: 'getHealth', public: true },
  'POST /api/auth/login': { operationId: 'login', public: true },
  'POST /api/website-token/validate': { operationId: 'validateWebsiteToken', public: true },
  'POST /api/auth/register': { operationId: 'register', public: true },
  'POST /api/auth/register-athlete': { operationId: 'registerAthlete' },
  'POST /api/auth/check-email': { operationId: 'checkEmail', public: true },
  'POST /api/auth/logout': { operationId: 'logout' },
  'POST /api/auth/password/forgot-password': { operationId: 'requestPasswordReset', public: true },
  'POST /api/auth/password/forgot-password-reset': { operationId: 'resetPassword', public: true },
  'GET /api/user': { operationId: 'getUser' },
  'PUT /api/user/language': { operationId: 'setLanguage' },
  'PUT /api/user/{id}': { operationId: 'updateUser' },
  'POST /api/user/latest-license': { operationId: 'setLatestLicence' },
  'GET /api/user/latest-license': { operationId: 'getLatestLicence' },
  'GET /api/user/athletes': { operationId: 'listAthletes' },
  'GET /api/registration-link/info/{code}': { operationId: 'getLicenceInfo', public: true },
  'GET /api/registration-link/license/coach/code/{code}': { operationId: 'getCoachLicenceInfo', public: true },
  'POST /api/registration-link/license-link': { operationId: 'linkLicence' },
  'GET /api/subscribe/validate-organization/{organization}': { operationId: 'validateOrganization', public: true },
  'GET /api/subscribe/coupon-details/{code}': { operationId: 'getCouponDetails', public: true },
  'POST /api/subscribe/plan-details': { operationId: 'getPlanDetails' },
  'POST /api/subscribe/claim-license': { operationId: 'claimLicence' },
  'POST /api/subscribe/process': { operationId: 'processSubscription' },
  'GET /api/memberships/duplicate-status/{athlete}': { operationId: 'getDuplicateStatus' },
  'GET /api/memberships/subscription-status': { operationId: 'getSubscriptionStatus' },
  'POST /api/memberships/payment-plans': { operationId: 'getPaymentPlans' },
  'GET /api/discount-codes/{code}': { operationId: 'getDiscountCode' },
  'POST /api/memberships/checkout': { operationId: 'postCheckout' },
  'POST /api/memberships/checkout-success': { operationId: 'postCheckoutSuccess' },
  'GET /api/memberships': { operationId: 'listMemberships' },
  'POST /api/memberships/{id}/card-setup': { operationId: 'startCardSetup' },
  'POST /api/memberships/{id}/card': { operationId: 'saveCard' },
  'POST /api/memberships/{id}/collect': { operationId: 'collectCatchUp' },
  'GET /api/player/create': { operationId: 'getPlayerFormOptions' },
  'GET /api/position': { operationId: 'listPositions' },
  'POST /api/player': { operationId: 'createPlayer' },
  'GET /api/white-label-settings/{build}': { operationId: 'getWhiteLabelSettings', public: true },
  'GET /api/organizations/{id}/website-css': { operationId: 'getOrganizationWebsiteCss', public: true },
  'GET /api/clients/{clientId}/website-css': { operationId: 'getClientWebsiteCss', public: true },
  'POST /nova-field/team-draft-payment-plans': { operationId: 'getTeamDraftPaymentPlans', public: true },
  'GET /api/staff/drafts/{id}': { operationId: 'getDraft' },
  'PUT /api/staff/drafts/{id}': { operationId: 'updateDraft' },
  'POST /api/staff/billing/run': { operationId: 'runBilling' },
  'GET /api/staff/licences/{code}': { operationId: 'getStaffLicence' },
  'PUT /api/staff/licences/{code}': { operationId: 'updateLicenceSeats' },
  // Households (issue 20)
  'GET /api/household': { operationId: 'getHousehold' },
  'POST /api/household/invites': { operationId: 'inviteGuardian' },
  'DELETE /api/household/invites/{id}': { operationId: 'cancelHouseholdInvite' },
  'POST /api/household/invites/lookup': { operationId: 'lookupHouseholdInvite', public: true },
  'POST /api/household/invites/accept': { operationId: 'acceptHouseholdInvite' },
  'DELETE /api/household/guardians/{user_id}': { operationId: 'removeHouseholdGuardian' },
  // Family checkout (issue 20)
  'POST /api/household/quote': { operationId: 'quoteHouseholdCheckout' },
  'POST /api/household/checkout': { operationId: 'startHouseholdCheckout' },
  'POST /api/household/checkout-success': { operationId: 'finishHouseholdCheckout' },
  'PUT /api/registrations/progress': { operationId: 'saveRegistrationProgress' },
  'GET /api/registrations/progress': { operationId: 'getRegistrationProgress' },
  'DELETE /api/registrations/progress': { operationId: 'discardRegistrationProgress' },
  // Waitlist (issue 21)
  'POST /api/waitlist': { operationId: 'joinWaitlist' },
  'GET /api/waitlist': { operationId: 'getWaitlistEntry' },
  'DELETE /api/waitlist': { operationId: 'leaveWaitlist' },
  'DELETE /api/household/athletes/{athlete_id}/hold': { operationId: 'releaseRemovedAthleteHold' },
  // Club console (issue 22): staff sessions (security scheme staffSession)
  'POST /api/admin/login': { operationId: 'staffLogin', public: true },
  'POST /api/admin/logout': { operationId: 'staffLogout' },
  'GET /api/admin/me': { operationId: 'getStaffMe' },
  'PUT /api/admin/me/language': { operationId: 'setStaffLanguage' },
  'POST /api/admin/two-factor/setup': { operationId: 'startStaffTwoFactor' },
  'GET /api/admin/jobs/dead-letters': { operationId: 'listDeadLetterJobs' },
  'POST /api/admin/jobs/dead-letters/{job}/retry': { operationId: 'retryDeadLetter' },
  'POST /api/admin/two-factor/enable': { operationId: 'enableStaffTwoFactor' },
  'PUT /api/admin/organizations/{id}/two-factor': { operationId: 'requireOrganizationTwoFactor' },
  'POST /api/admin/organizations/{id}/invites': { operationId: 'inviteStaff' },
  'GET /api/admin/organizations/{id}/staff': { operationId: 'listOrganizationStaff' },
  'POST /api/admin/invites/accept': { operationId: 'acceptStaffInvite', public: true },
  // Club console (issue 22 points 2 and 6): season set-up and the draft editor
  'GET /api/admin/organizations/{id}/setup': { operationId: 'getOrganizationSetup' },
  'PUT /api/admin/organizations/{id}/settings': { operationId: 'updateOrganizationSettings' },
  'POST /api/admin/organizations/{id}/seasons': { operationId: 'createSeason' },
  'PUT /api/admin/seasons/{id}': { operationId: 'updateSeason' },
  'POST /api/admin/seasons/{id}/teams': { operationId: 'createTeam' },
  'PUT /api/admin/teams/{id}': { operationId: 'updateTeam' },
  'POST /api/admin/teams/{id}/licences': { operationId: 'createTeamLicence' },
  'POST /api/admin/organizations/{id}/coach-licences': { operationId: 'createCoachLicence' },
  'GET /api/admin/licences/{code}': { operationId: 'getAdminLicence' },
  'PUT /api/admin/licences/{code}': { operationId: 'updateAdminLicence' },
  'GET /api/admin/organizations/{id}/discount-codes': { operationId: 'listDiscountCodes' },
  'POST /api/admin/organizations/{id}/discount-codes': { operationId: 'createDiscountCode' },
  'GET /api/admin/organizations/{id}/drafts': { operationId: 'listDrafts' },
  'POST /api/admin/organizations/{id}/drafts': { operationId: 'createDraft' },
  'GET /api/admin/drafts/{id}': { operationId: 'getAdminDraft' },
  'PUT /api/admin/drafts/{id}': { operationId: 'updateAdminDraft' },
  'GET /api/admin/teams': { operationId: 'listStaffTeams' },
  'GET /api/admin/organizations/{id}/season-summary': { operationId: 'getSeasonSummary' },
  'GET /api/admin/organizations/{id}/billing': { operationId: 'getBillingDay' },
  'GET /api/admin/organizations/{id}/billing.csv': { operationId: 'exportBillingDay' },
  'GET /api/admin/teams/{team_id}/memberships': { operationId: 'getTeamRoster' },
  'GET /api/admin/teams/{team_id}/holds': { operationId: 'getTeamHolds' },
  'DELETE /api/admin/teams/{team_id}/holds/{athlete_id}': { operationId: 'releaseTeamHold' },
  'GET /api/admin/teams/{team_id}/memberships.csv': { operationId: 'exportTeamRoster' },
  'GET /api/admin/teams/{team_id}/payments.csv': { operationId: 'exportTeamPayments' },
  'GET /api/admin/memberships/{id}': { operationId: 'getStaffMembership' },
  'POST /api/admin/memberships/{id}/refunds': { operationId: 'refundMembership' },
  'POST /api/admin/memberships/{id}/phases/{phase_id}/retry': { operationId: 'retryMembershipPhase' },
  'POST /api/admin/memberships/{id}/phases/{phase_id}/offline': { operationId: 'markPhasePaidOffline' },
  'POST /api/admin/memberships/{id}/cancel': { operationId: 'cancelMembershipSchedule' },
  'GET /api/eligibility/athletes/{athlete_id}': { operationId: 'getEligibility' },
  'PUT /api/eligibility/athletes/{athlete_id}/birth-date': { operationId: 'giveBirthDate' },
  'GET /api/eligibility/athletes': { operationId: 'listBirthDates' },
  'PUT /api/eligibility/athletes/{athlete_id}': { operationId: 'correctBirthDate' },
  'GET /api/admin/teams/{team_id}/eligibility': { operationId: 'getTeamEligibility' },
  'POST /api/admin/teams/{team_id}/eligibility-exceptions': { operationId: 'grantEligibilityException' },
  // Issue 32 point 2: documents.
  'GET /api/documents': { operationId: 'listFamilyDocuments' },
  'PUT /api/memberships/{id}/documents': { operationId: 'uploadDocument' },
  'GET /api/documents/{id}/file': { operationId: 'getFamilyDocumentFile' },
  'GET /api/admin/organizations/{id}/documents': { operationId: 'getDocumentQueue' },
  'GET /api/admin/documents/{id}/file': { operationId: 'getStaffDocumentFile' },
  'POST /api/admin/documents/{id}/approve': { operationId: 'approveDocument' },
  'POST /api/admin/documents/{id}/reject': { operationId: 'rejectDocument' },
  'PUT /api/admin/organizations/{id}/documents-setting': { operationId: 'setDocumentSetting' },
  // Issue 34: help paying (financial assistance; check or cash is the checkout's `payment_method`).
  'POST /api/memberships/assistance-requests': { operationId: 'requestAssistance' },
  'GET /api/memberships/assistance-requests': { operationId: 'listAssistanceRequests' },
  'GET /api/admin/organizations/{id}/help-paying': { operationId: 'getHelpPayingSettings' },
  'PUT /api/admin/organizations/{id}/help-paying': { operationId: 'setHelpPayingSettings' },
  'GET /api/admin/organizations/{id}/assistance': { operationId: 'getAssistanceQueue' },
  'PUT /api/admin/seasons/{id}/assistance-budget': { operationId: 'setAssistanceBudget' },
  'POST /api/admin/assistance-requests/{id}/approve': { operationId: 'approveAssistance' },
  'POST /api/admin/assistance-requests/{id}/decline': { operationId: 'declineAssistance' },
  // Issue 32 point 3: the signed waiver's PDF.
  'GET /api/memberships/{id}/waiver.pdf': { operationId: 'getSignedWaiverPdf' },
  'GET /api/admin/memberships/{id}/waiver.pdf': { operationId: 'getStaffSignedWaiverPdf' },
  // Issue 32 point 4: the club's own questions.
  'GET /api/memberships/{id}/answers': { operationId: 'getMembershipAnswers' },
  'PUT /api/memberships/{id}/answers': { operationId: 'putMembershipAnswers' },
  'GET /api/team-questions/athletes/{athlete_id}': { operationId: 'getAthleteAnswers' },
  'PUT /api/team-questions/athletes/{athlete_id}/answers': { operationId: 'giveAthleteAnswers' },
  'GET /api/admin/teams/{id}/questions': { operationId: 'getTeamQuestions' },
  'PUT /api/admin/teams/{id}/questions': { operationId: 'putTeamQuestions' },
  'GET /api/admin/teams/{id}/answers': { operationId: 'getTeamAnswers' },
  'GET /api/admin/memberships/{id}/answers': { operationId: 'getStaffMembershipAnswers' },
};

/** Answers every operation can give, whatever its route declares (server/app.ts). */
const BODY_TOO_LARGE = {
  description: 'The request body is over 64 KB',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};
const UNSUPPORTED_MEDIA_TYPE = {
  description: 'The body is not sent as application/json',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** The document's title, version and the like; `servers` is the origin the site is reached at. */
function documentConfig(serverUrl: string): Parameters<OpenAPIHono<AppEnv>['getOpenAPIDocument']>[0] {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Diamond Academy reference API',
      version: '1.0.0',
      description: 'Every call of the website (docs/api.md). Errors answer { message, messages }; money is in dollars.',
    },
    servers: [{ url: serverUrl, description: 'The server that serves the site and this document' }],
  };
}

/**
 * What the route definitions leave out, added to the generated document: each operation's name and public
 * security (OPERATIONS), the 413 every request can get, the 415 of every JSON body, and OpenAPI 3.0's form of a
 * nullable union (zod's `.nullable()` on a union comes out as a member `{ nullable: true }` without a type).
 */
export function completeDocument(document: ApiDocument): ApiDocument {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const row = OPERATIONS[`${method.toUpperCase()} ${path}`];
      if (row) {
        operation.operationId = row.operationId;
        if (row.public) operation.security = [];
      }
      completeResponses(operation);
    }
  }
  return nullableUnions(document);
}

function completeResponses(operation: Operation): void {
  operation.responses['413'] = BODY_TOO_LARGE;
  const body = operation.requestBody;
  if (body && !('$ref' in body) && body.required && body.content['application/json']) {
    operation.responses['415'] = UNSUPPORTED_MEDIA_TYPE;
  }
  // Status codes in order, as the routes list them.
  operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** `anyOf: [A, B, { nullable: true }]` becomes `anyOf: [A, B]` with each typed member nullable. */
function nullableUnions<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) nullableUnions(item);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members: unknown = Reflect.get(value, key);
    if (!Array.isArray(members)) continue;
    const isNullMember = (member: unknown) =>
      typeof member === 'object' && member !== null && Object.keys(member).join() === 'nullable';
    if (!members.some(isNullMember)) continue;
    const typed = members.filter((member) => !isNullMember(member));
    for (const member of typed)
      if (typeof member === 'object' && member !== null && 'type' in member) Reflect.set(member, 'nullable', true);
    Reflect.set(value, key, typed);
  }
  for (const child of Object.values(value)) nullableUnions(child);
  return value;
}

/**
 * GET /api/docs: the OpenAPI document of every route registered on `app` (docs/api.md is its prose companion).
 * `publicUrl` (PUBLIC_URL) names the server; without it, the origin the document was asked from.
 */
export function serveApiDocument(app: OpenAPIHono<AppEnv>, publicUrl: string | undefined): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'staffToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'STAFF_TOKEN from the server configuration (refused in production)',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'staffSession', {
    type: 'http',
    scheme: 'bearer',
    description: "A staff session token from POST /api/admin/login (the club's console)",
  });
  app.get('/api/docs', (c) =>
    c.json(completeDocument(app.getOpenAPIDocument(documentConfig(publicUrl ?? new URL(c.req.url).origin)))),
  );
}
