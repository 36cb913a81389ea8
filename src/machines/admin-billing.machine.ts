/**
 * The console's 'Billing' page (issue 33 point 4), for owners and registrars: one day of the organization (today
 * first, another from the date field): what was due, collected, declined, waiting for a retry, failed for good and
 * not charged yet, each failed payment linking to its membership; its CSV. Live while a run is going: the page
 * follows the organization's billing channel (providers/realtime/billing-channel.actor.ts) and reads the day again
 * when the server says it changed. A load or export failure is a state with its text.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { type BillingDay, fetchBillingDayCsv, getBillingDay } from '../api/admin-billing';
import { saveFile } from '../api/download';
import { errorText } from '../api/errors';
import { isIsoDate } from '../domain/calendar';
import type { BillingChanged, BillingChannelInput } from '../providers/realtime/billing-channel.actor';
import { apiCall, settleUnlessAborted } from './settle-unless-aborted';

export interface AdminBillingInput {
  /** The organization whose billing the staff member reads (null: none; the page says so). */
  organizationId: number | null;
}

export type AdminBillingEvent =
  | { type: 'RETRY' }
  | { type: 'CHOOSE_DAY'; date: string }
  | { type: 'EXPORT' }
  | BillingChanged;

export interface AdminBillingContext {
  organizationId: number | null;
  /** The day asked for; null: today (the server's). */
  date: string | null;
  day: BillingDay | null;
  error: string | null;
}

interface DayInput {
  organizationId: number;
  date: string | null;
}

export const adminBillingMachine = setup({
  types: {
    input: {} as AdminBillingInput,
    context: {} as AdminBillingContext,
    events: {} as AdminBillingEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: apiCall<BillingDay, DayInput>((input, signal) => getBillingDay(input.organizationId, input.date, { signal })),
    reload: apiCall<BillingDay, DayInput>((input, signal) =>
      getBillingDay(input.organizationId, input.date, { signal }),
    ),
    export: fromPromise<void, { organizationId: number; date: string }>(async ({ input, signal }) => {
      saveFile(await settleUnlessAborted(fetchBillingDayCsv(input.organizationId, input.date, { signal }), signal));
    }),
    // The page provides the real channel (createBillingChannelActor); without it the day is read on demand only.
    live: fromCallback<BillingChanged, BillingChannelInput>(() => undefined),
  },
  guards: {
    hasOrganization: ({ context }) => context.organizationId !== null,
    /** A real date other than the day shown. */
    isOtherDay: ({ context }, params: { date: string }) => isIsoDate(params.date) && params.date !== context.day?.date,
  },
  actions: {
    storeDay: assign({ day: (_, day: BillingDay) => day, date: (_, day: BillingDay) => day.date, error: null }),
    chooseDay: assign({ date: (_, params: { date: string }) => params.date, error: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
  },
}).createMachine({
  id: 'adminBilling',
  description:
    "§1 club console, issue 33 point 4: the 'Billing' page, one day's instalments of the organization, live during a run",
  context: ({ input }) => ({ organizationId: input.organizationId, date: null, day: null, error: null }),
  initial: 'start',
  states: {
    start: {
      description: '§1 club console, issue 33 point 4: an organization where the staff member reads money, or none',
      always: [{ guard: 'hasOrganization', target: 'loading' }, { target: 'noOrganization' }],
    },
    noOrganization: {
      description: '§1 club console, issue 33 point 4: no organization where the staff member reads money',
      type: 'final',
    },
    loading: {
      description: '§1 club console, issue 33 point 4: GET /api/admin/organizations/{id}/billing?date=',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId ?? 0, date: context.date }),
        onDone: { target: 'loaded', actions: { type: 'storeDay', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: "§8 general mapping: the day did not load: its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description:
        '§1 club console, issue 33 point 4: the day by outcome, each failed payment, the CSV; the channel followed',
      invoke: { id: 'live', src: 'live', input: ({ context }) => ({ organizationId: context.organizationId ?? 0 }) },
      on: {
        CHOOSE_DAY: {
          guard: { type: 'isOtherDay', params: ({ event }) => ({ date: event.date }) },
          target: 'loading',
          actions: { type: 'chooseDay', params: ({ event }) => ({ date: event.date }) },
          description: '§1 club console, issue 33 point 4: another day, from the date field',
        },
      },
      initial: 'ready',
      states: {
        ready: {
          description: '§1 club console, issue 33 point 4: the day as last read',
          on: {
            BILLING_CHANGED: {
              target: 'refreshing',
              description: '§1 club console, issue 33 point 4: a run moved instalments: read the day again',
            },
            EXPORT: { target: 'exporting' },
          },
        },
        refreshing: {
          description: '§1 club console, issue 33 point 4: the day read again (the figures stay on screen meanwhile)',
          invoke: {
            id: 'reload',
            src: 'reload',
            input: ({ context }) => ({ organizationId: context.organizationId ?? 0, date: context.date }),
            onDone: { target: 'ready', actions: { type: 'storeDay', params: ({ event }) => event.output } },
            onError: {
              target: 'refreshFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshFailed: {
          description: "§8 general mapping: the day could not be read again: its text and 'Try again'",
          on: { RETRY: { target: 'refreshing' }, BILLING_CHANGED: { target: 'refreshing' } },
        },
        exporting: {
          description: "§1 club console, issue 33 point 4: GET …/billing.csv?date=: the day's CSV, saved",
          tags: ['busy'],
          invoke: {
            id: 'export',
            src: 'export',
            input: ({ context }) => ({ organizationId: context.organizationId ?? 0, date: context.day?.date ?? '' }),
            onDone: { target: 'ready' },
            onError: {
              target: 'exportFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        exportFailed: {
          description: '§8 general mapping: the CSV did not come: its text; it can be asked for again',
          on: { EXPORT: { target: 'exporting' }, BILLING_CHANGED: { target: 'refreshing' } },
        },
      },
    },
  },
});
