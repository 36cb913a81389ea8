/**
 * 'Continue where you left off' (issue 21 point 1): asks the server for the guardian's saved registration (one
 * licence, or the latest) and offers it. 'Continue' makes the saved snapshot this tab's local copy (src/session/
 * progress.ts) after choosing who pays (§6: a payment is made with the athlete's token, which a fresh device does not
 * have: it comes from the guardian's athlete list, as the athlete steps take it); the flow's page then resumes from it.
 * 'Start over' deletes the saved registration. Nothing saved, or an answer that cannot be read: the page goes on as
 * usual (resuming is a convenience). A failed choice stays on the offer with the server's text.
 */
import { assign, setup } from 'xstate';
import { getAthletes } from '../api/auth';
import { errorText } from '../api/errors';
import { deleteProgress, getProgress, type RegistrationProgress } from '../api/registration-progress';
import { clearAthleteToken, setAthleteToken } from '../session/athlete-token';
import { getCurrentUser } from '../session/current-user';
import { forgetLocalProgress, writeLocalProgress } from '../session/progress';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export interface ResumeOfferInput {
  /** The licence whose saved registration is offered; null: the guardian's latest (the site's root). */
  license: string | null;
}

/** How the offer ended: nothing to offer, continue with this saved registration, or it was deleted. */
export type ResumeOfferExit =
  | { kind: 'none' }
  | { kind: 'continue'; progress: RegistrationProgress }
  | { kind: 'startedOver'; license: string };

export type ResumeOfferEvent = { type: 'CONTINUE' } | { type: 'START_OVER' };

export interface ResumeOfferContext {
  license: string | null;
  progress: RegistrationProgress | null;
  error: string | null;
  exit: ResumeOfferExit | null;
}

/**
 * Who pays a saved payment (§6): the saved athlete, with their token from the guardian's athlete list; null for the
 * guardian paying for themself, an athlete no longer listed, or a saved flow that is not a payment.
 */
async function payerTokenOf(progress: RegistrationProgress, signal: AbortSignal): Promise<string | null> {
  const athleteId = progress.athlete?.id ?? null;
  if (progress.flow !== 'payment' || athleteId === null || athleteId === getCurrentUser()?.id) return null;
  const athlete = (await getAthletes({ signal })).find((candidate) => candidate.user_id === athleteId);
  return athlete?.token ?? null;
}

export const resumeOfferMachine = setup({
  types: {
    input: {} as ResumeOfferInput,
    context: {} as ResumeOfferContext,
    events: {} as ResumeOfferEvent,
    output: {} as ResumeOfferExit,
    children: {} as { load: 'load'; findPayer: 'findPayer'; discard: 'discard' },
  },
  actors: {
    load: apiCall<RegistrationProgress | null, { license: string | null }>((input, signal) =>
      getProgress(input.license, { signal }),
    ),
    findPayer: apiCall<string | null, { progress: RegistrationProgress }>((input, signal) =>
      payerTokenOf(input.progress, signal),
    ),
    discard: apiCall<void, { license: string }>((input, signal) => deleteProgress(input.license, { signal })),
  },
  guards: {
    hasSavedRegistration: (_, params: { progress: RegistrationProgress | null }) => params.progress !== null,
  },
  actions: {
    rememberProgress: assign({ progress: (_, params: { progress: RegistrationProgress | null }) => params.progress }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ error: null }),
    /** The saved copy becomes this tab's; a payment is made with the chosen athlete's token, or the guardian's. */
    keepProgress: ({ context }, params: { athleteToken: string | null }) => {
      const progress = requireProgress(context);
      if (progress.flow === 'payment') {
        if (params.athleteToken === null) clearAthleteToken();
        else setAthleteToken(params.athleteToken);
      }
      writeLocalProgress(progress);
    },
    forgetProgress: () => forgetLocalProgress(),
    leave: assign({ exit: (_, exit: ResumeOfferExit) => exit }),
  },
}).createMachine({
  id: 'resumeOffer',
  description: "issue 21 point 1 (spec §2 Login): 'Continue where you left off', offered on /login and /continue",
  context: ({ input }) => ({ license: input.license, progress: null, error: null, exit: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'issue 21 point 1 (spec §2 Login): GET /api/registration-progress (the licence, or the latest)',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ license: context.license }),
        onDone: [
          {
            guard: { type: 'hasSavedRegistration', params: ({ event }) => ({ progress: event.output }) },
            target: 'offer',
            actions: { type: 'rememberProgress', params: ({ event }) => ({ progress: event.output }) },
          },
          { target: 'none' },
        ],
        onError: {
          target: 'none',
          description:
            'issue 21 point 1 (spec §2 Login): resuming is a convenience; an unreadable answer is nothing to resume',
        },
      },
    },
    offer: {
      description:
        "issue 21 point 1 (spec §2 Login): the athlete, team and step it stopped at; 'Continue' or 'Start over'",
      on: {
        CONTINUE: { target: 'continuing', actions: 'clearError' },
        START_OVER: { target: 'startingOver', actions: 'clearError' },
      },
    },
    continuing: {
      description: "issue 21 point 1 (spec §6): who pays (the athlete's token), then the saved copy becomes this tab's",
      tags: ['busy'],
      invoke: {
        id: 'findPayer',
        src: 'findPayer',
        input: ({ context }) => ({ progress: requireProgress(context) }),
        onDone: {
          target: 'continued',
          actions: { type: 'keepProgress', params: ({ event }) => ({ athleteToken: event.output }) },
        },
        onError: {
          target: 'offer',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    startingOver: {
      description: 'issue 21 point 1 (spec §2 Login): DELETE the saved registration, and this tab forgets its copy',
      tags: ['busy'],
      invoke: {
        id: 'discard',
        src: 'discard',
        input: ({ context }) => ({ license: requireProgress(context).license }),
        onDone: { target: 'startedOver', actions: 'forgetProgress' },
        onError: {
          target: 'offer',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    none: {
      description: 'issue 21 point 1 (spec §2 Login): nothing to resume: the page goes on as usual',
      type: 'final',
      entry: { type: 'leave', params: { kind: 'none' } },
    },
    continued: {
      description:
        "issue 21 point 1 (spec §2 Login): the saved registration's flow opens and resumes from the tab's copy",
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => ({ kind: 'continue', progress: requireProgress(context) }) },
    },
    startedOver: {
      description: 'issue 21 point 1 (spec §2 Login): deleted; the page starts the registration afresh',
      type: 'final',
      entry: {
        type: 'leave',
        params: ({ context }) => ({ kind: 'startedOver', license: requireProgress(context).license }),
      },
    },
  },
  output: ({ context }) => exitOf(context),
});

/** The offer, continuing and starting over are reached only with a saved registration in context. */
function requireProgress(context: ResumeOfferContext): RegistrationProgress {
  if (context.progress === null) throw new Error('resume offer: no saved registration in context');
  return context.progress;
}
