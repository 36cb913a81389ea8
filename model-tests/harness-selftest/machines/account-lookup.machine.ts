import { assign, fromPromise, setup } from 'xstate';

export interface Account {
  role: 'coach' | 'parent';
  hasLicence: boolean;
}

export interface LookupError {
  status: number;
}

/**
 * Looks an e-mail address up on the server. Which screen follows depends only on the server's answer: `coachHome`
 * and `licensed` are reachable solely through particular outputs of the invoked `findAccount` call.
 */
export const accountLookupMachine = setup({
  types: {
    context: {} as { email: string; account: Account | null },
    events: {} as { type: 'LOOKUP'; email: string } | { type: 'RETRY' },
  },
  actors: {
    findAccount: fromPromise<Account, { email: string }>(async () => {
      throw new Error('The real lookup must never run in a model test.');
    }),
  },
  guards: {
    isCoach: ({ context }) => context.account?.role === 'coach',
    hasLicence: ({ context }) => context.account?.hasLicence === true,
    isNotFound: ({ event }) => (event as { error?: LookupError }).error?.status === 404,
  },
}).createMachine({
  id: 'accountLookup',
  context: { email: '', account: null },
  initial: 'idle',
  states: {
    idle: {
      on: { LOOKUP: { target: 'checking', actions: assign({ email: ({ event }) => event.email }) } },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'account',
        src: 'findAccount',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'routing', actions: assign({ account: ({ event }) => event.output }) },
        onError: [{ guard: 'isNotFound', target: 'signUp' }, { target: 'failed' }],
      },
    },
    routing: {
      always: [
        { guard: 'isCoach', target: 'coachHome' },
        { guard: 'hasLicence', target: 'licensed' },
        { target: 'parentHome' },
      ],
    },
    coachHome: { type: 'final' },
    licensed: { type: 'final' },
    parentHome: { type: 'final' },
    signUp: { type: 'final' },
    failed: {
      on: { RETRY: 'checking' },
      after: { 30000: 'idle' },
    },
  },
});
