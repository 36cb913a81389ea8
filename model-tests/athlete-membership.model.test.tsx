/**
 * The §4 membership rule both wizards run after an athlete is chosen or created (athlete-membership.machine.ts).
 * It has no screen of its own: its outcome is shown by the wizard (see login/register model tests, whose UI runs
 * answer its invocation with each outcome), so its paths run against the machine only.
 */
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { Athlete, ClaimLicenseResponse, DuplicateStatus, LatestLicense } from '../src/api/schemas';
import { athleteMembershipMachine } from '../src/machines/athlete-membership.machine';
import { getAthleteToken } from '../src/session/athlete-token';
import { defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const sam: Athlete = { user_id: 11, name: 'Sam Rivera', token: 'athlete-11', relationship: 'Mother' };

const notClaimed: DuplicateStatus = { license_claimed: false, has_active_season_membership: false };
const claimedWithoutMembership: DuplicateStatus = { license_claimed: true, has_active_season_membership: false };
const activeMember: DuplicateStatus = { license_claimed: true, has_active_season_membership: true };

const claimed: ClaimLicenseResponse = { status: 'OK', message: 'License claimed.' };
const noneLeft: ClaimLicenseResponse = { status: 'UNAVAILABLE', message: 'Sorry, this license is not available.' };
const tigers: LatestLicense = {
  license_code: 'TIGERS-2027',
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  organization_id: 1,
};

const model = defineModel({
  machine: athleteMembershipMachine,
  inputs: {
    withLicence: { athlete: sam, license: 'TIGERS-2027' },
    // The login wizard's athlete step reached by a deep link without a licence.
    withoutLicence: { athlete: sam, license: null },
  },
  events: {
    'xstate.done.actor.duplicateStatus': [
      doneEvent('duplicateStatus', notClaimed),
      doneEvent('duplicateStatus', claimedWithoutMembership),
      doneEvent('duplicateStatus', activeMember),
    ],
    'xstate.error.actor.duplicateStatus': [
      errorEvent('duplicateStatus', new ApiError({ kind: 'http', status: 500, message: 'Server error.' })),
    ],
    'xstate.done.actor.claimLicence': [doneEvent('claimLicence', claimed), doneEvent('claimLicence', noneLeft)],
    'xstate.error.actor.claimLicence': [
      errorEvent(
        'claimLicence',
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'The given data was invalid.',
          messages: { license_code: ['The license code is invalid.'] },
        }),
      ),
    ],
    'xstate.done.actor.latestLicence': [doneEvent('latestLicence', tigers)],
    'xstate.error.actor.latestLicence': [
      errorEvent('latestLicence', new ApiError({ kind: 'network', message: 'Could not reach the server.' })),
    ],
  },
  context: ['duplicate', 'error'],
  states: {
    checkingDuplicate: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'duplicateStatus', input: { athleteUserId: 11 } }),
    // §6: the athlete's token is stored before the claim, which is sent with it.
    claiming: (_snapshot, { invocations }) => {
      expect(getAthleteToken()).toBe(sam.token);
      expect(invocations.at(-1)).toMatchObject({ id: 'claimLicence', input: { licenseCode: 'TIGERS-2027' } });
    },
    recordingLatestLicence: (_snapshot, { invocations }) => {
      expect(getAthleteToken()).toBe(sam.token);
      expect(invocations.at(-1)).toMatchObject({ id: 'latestLicence', input: { licenseCode: 'TIGERS-2027' } });
    },
    continued: (snapshot, { invocations }) => {
      expect(snapshot.output).toEqual({ exit: 'continue' });
      expect(getAthleteToken()).toBe(sam.token);
      // Never a claim without a licence, and never one for a licence the athlete already holds.
      const claims = invocations.filter((invocation) => invocation.id === 'claimLicence');
      if (snapshot.context.license === null || snapshot.context.duplicate?.license_claimed) {
        expect(claims).toEqual([]);
      }
    },
    alreadyMember: (snapshot) => {
      expect(snapshot.output).toEqual({ exit: 'alreadyMember' });
      // A blocked athlete does not become the payer (§6).
      expect(getAthleteToken()).toBeNull();
    },
    claimFailed: (snapshot) =>
      expect(snapshot.output).toEqual({
        exit: 'claimFailed',
        // §8: the response text, or the general mapping of the error.
        message: expect.stringMatching(
          /^(Sorry, this license is not available\.|The license code is invalid\.|Could not reach the server\.)$/,
        ),
      }),
  },
});

runPaths({ model });
