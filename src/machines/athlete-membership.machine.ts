/**
 * Spec §4 (Register wizard, shared by the login wizard): what happens after a guardian chooses or creates an athlete.
 * Invoked as a child by athlete-steps.machine.ts (invoke id `membership`), the athlete steps both wizards share; it
 * finishes with an output the athlete steps turn into their next screen.
 */
import { assign, setup } from 'xstate';
import { setLatestLicense } from '../api/auth';
import { errorText } from '../api/errors';
import { claimLicence } from '../api/licences';
import { getDuplicateStatus } from '../api/memberships';
import type { Athlete, ClaimLicenseResponse, DuplicateStatus, LatestLicense } from '../api/schemas';
import { setAthleteToken } from '../session/athlete-token';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export interface AthleteMembershipInput {
  athlete: Athlete;
  /** The licence code of the wizard's URL, or null when the wizard has none. */
  license: string | null;
}

export type AthleteMembershipOutput =
  | { exit: 'continue' }
  | { exit: 'alreadyMember' }
  /** `message`: the server's text (null: none came; the view then says 'Error', a text of the `athletes` group). */
  | { exit: 'claimFailed'; message: string | null };

interface AthleteMembershipContext {
  athlete: Athlete;
  license: string | null;
  duplicate: DuplicateStatus | null;
  error: string | null;
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: AthleteMembershipOutput | null;
}

export const athleteMembershipMachine = setup({
  types: {
    input: {} as AthleteMembershipInput,
    context: {} as AthleteMembershipContext,
    output: {} as AthleteMembershipOutput,
  },
  actors: {
    duplicateStatus: apiCall<DuplicateStatus, { athleteUserId: number }>((input, signal) =>
      getDuplicateStatus(input.athleteUserId, { signal }),
    ),
    // Sent with the athlete's token (auth 'payer'): the licence and its membership belong to the athlete (§6).
    claimLicence: apiCall<ClaimLicenseResponse, { licenseCode: string }>((input, signal) =>
      claimLicence(input.licenseCode, { signal }),
    ),
    // The payment page reads the payer's latest licence to find the team (docs/api.md payment-plans).
    recordLatestLicence: apiCall<LatestLicense, { licenseCode: string }>((input, signal) =>
      setLatestLicense(input.licenseCode, { signal, auth: 'payer' }),
    ),
  },
  guards: {
    hasActiveSeasonMembership: ({ context }) => context.duplicate?.has_active_season_membership === true,
    hasNoLicence: ({ context }) => context.license === null,
    isLicenceClaimed: ({ context }) => context.duplicate?.license_claimed === true,
    isClaimAccepted: (_, params: { claim: ClaimLicenseResponse }) => params.claim.status === 'OK',
  },
  actions: {
    // A final state names only its exit (a static param); the claim failure's text is the one the flow remembered.
    leave: assign({
      exit: ({ context }, params: { exit: AthleteMembershipOutput['exit'] }): AthleteMembershipOutput =>
        params.exit === 'claimFailed' ? { exit: params.exit, message: context.error } : { exit: params.exit },
    }),
    rememberDuplicateStatus: assign({
      duplicate: (_, params: { duplicate: DuplicateStatus }) => params.duplicate,
    }),
    rememberClaimRefusal: assign({ error: (_, params: { claim: ClaimLicenseResponse }) => params.claim.message }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    storeAthleteToken: ({ context }) => setAthleteToken(context.athlete.token),
  },
}).createMachine({
  id: 'athleteMembership',
  description:
    'spec §4 Register wizard: after an athlete is chosen or created, check for a duplicate membership, then claim ' +
    'the licence for the athlete or continue.',
  context: ({ input }) => ({
    athlete: input.athlete,
    license: input.license,
    duplicate: null,
    error: null,
    exit: null,
  }),
  initial: 'checkingDuplicate',
  states: {
    checkingDuplicate: {
      description: 'spec §7 GET /api/memberships/duplicate-status/{athlete}',
      invoke: {
        id: 'duplicateStatus',
        src: 'duplicateStatus',
        input: ({ context }) => ({ athleteUserId: context.athlete.user_id }),
        onDone: {
          target: 'deciding',
          actions: { type: 'rememberDuplicateStatus', params: ({ event }) => ({ duplicate: event.output }) },
        },
        onError: {
          target: 'deciding',
          description: 'spec §7: a failed duplicate check counts as no duplicate',
        },
      },
    },
    deciding: {
      description: 'spec §4 Register wizard: the membership rule, in the order the spec gives it',
      always: [
        {
          guard: 'hasActiveSeasonMembership',
          target: 'alreadyMember',
          description: "spec §4/§8: 'Sorry, this athlete already has a membership for the season.' blocks the choice",
        },
        {
          guard: 'hasNoLicence',
          target: 'continued',
          actions: 'storeAthleteToken',
          description: 'spec §4: nothing to claim without a licence; continue (to /dashboard)',
        },
        {
          guard: 'isLicenceClaimed',
          target: 'recordingLatestLicence',
          actions: 'storeAthleteToken',
          description: 'spec §4: licence claimed but no active season membership: continue',
        },
        {
          target: 'claiming',
          actions: 'storeAthleteToken',
          description: 'spec §4: otherwise claim the licence, then continue; §6 the athlete token pays',
        },
      ],
    },
    claiming: {
      description: 'spec §7 POST /api/subscribe/claim-license as the athlete',
      invoke: {
        id: 'claimLicence',
        src: 'claimLicence',
        input: ({ context }) => ({ licenseCode: context.license ?? '' }),
        onDone: [
          {
            guard: { type: 'isClaimAccepted', params: ({ event }) => ({ claim: event.output }) },
            target: 'recordingLatestLicence',
          },
          {
            target: 'claimFailed',
            actions: { type: 'rememberClaimRefusal', params: ({ event }) => ({ claim: event.output }) },
            description: "spec §4/§8: a status other than 'OK' is a claim failure showing the response text",
          },
        ],
        onError: {
          target: 'claimFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          description: 'spec §8 Claim failure: shows the error response text',
        },
      },
    },
    recordingLatestLicence: {
      description: 'spec §7 POST /api/user/latest-license for the athlete, so the payment page knows the team',
      invoke: {
        id: 'latestLicence',
        src: 'recordLatestLicence',
        input: ({ context }) => ({ licenseCode: context.license ?? '' }),
        onDone: { target: 'continued' },
        onError: {
          target: 'claimFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    continued: {
      type: 'final',
      description: 'spec §4: continue (to /payment with a licence, else /dashboard; the parent decides)',
      entry: { type: 'leave', params: { exit: 'continue' } },
    },
    alreadyMember: {
      type: 'final',
      description: "spec §4 Register wizard, §8: 'Sorry, this athlete already has a membership for the season.'",
      entry: { type: 'leave', params: { exit: 'alreadyMember' } },
    },
    claimFailed: {
      type: 'final',
      description: 'spec §8 Claim failure: the parent shows the error response text',
      entry: { type: 'leave', params: { exit: 'claimFailed' } },
    },
  },
  output: ({ context }) => exitOf(context),
});
