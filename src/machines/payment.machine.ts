/**
 * The team payment flow (spec §2 Payment page, §4 Payment flow, §5, §8, §9). The staff draft preview (/draft) is
 * this machine given other implementations (draft-preview.ts: the draft's plans and discount lookup without
 * authorization, `isPreview` true), so the preview is exactly what the customer is going to see. One payment (Pay
 * Now, or the return from 3-D Secure) is the child card-payment.machine.ts, invoked from `paying`. Card code is never
 * imported here: the page gives the card provider (or, on /draft, the realtime channel) with machine.provide, and the
 * card form travels with PAY. The children (card payment, athlete steps, family checkout, documents step, request
 * for financial assistance) are the page's to give (payment.setup.ts). Context, rules: payment.context.ts.
 * Decisions the spec leaves open:
 * - "The claimed page" is the licence page's team success screen: /licenses/{code}?claimed_registration=true, which
 *   keeps the user logged in (issue 5). Without a licence code the payer goes to /dashboard.
 * - The user is refreshed on entry (GET /api/user): the stored one may predate the claim, and the waiver, the licence
 *   and is_new decide the way on.
 * - The draft preview shows every step, Pay Now included, but it cannot pay: checkout ends in `preview`.
 * - Issue 15, 19.1: every successful payment (card, full discount, a $0-today SetupIntent, 3-D Secure return) goes
 *   to the claimed page (after the documents step where the team requires documents, issue 32), whose success screen shows the confirmation at its top: the exit `toClaimed`
 *   carries it (`context.confirmation`, the receipt the server answered) and the route hands it over in memory, never
 *   in the URL. An intent refunded as a second payment for the same team has no receipt: the confirmation says it
 *   was refunded; a checkout that finds the team paid already (no receipt) confirms nothing new.
 * - §4 'then the injury protection page if the plan exists': shown whenever the team has a protection plan, under a
 *   full discount too; protection added under a full discount is due today, so it is paid by card.
 * - Issue 19.3: a live draft update reloads the preview quietly on the step it is on (as DRAFT_FOLLOWED does).
 */
import { and, not } from 'xstate';
import { cardProviderStates } from './card-provider';
import { exitOf } from './flow-exit';
import { askAssistance, assistanceStates } from './payment.assistance';
import { checkOrCashStates, choosePaymentMethod, payByCheckOrCash, payTransitions } from './payment.check-or-cash';
import {
  type DraftChannelInput,
  type DraftUpdated,
  initialContext,
  type PaymentConfirmation,
  type PaymentDestination,
  type PaymentEvent,
  type PaymentInput,
  plansRequest,
} from './payment.context';
import { documentsStates } from './payment.documents';
import { discountFailureText } from './payment.failures';
import { paymentSetup } from './payment.setup';
import { childStates, reloadOnDraftUpdate } from './payment.states';
import { PAYMENT_TEXTS } from './payment-texts';

export type { DraftChannelInput, DraftUpdated, PaymentConfirmation, PaymentDestination, PaymentEvent, PaymentInput };

export const paymentMachine = paymentSetup.createMachine({
  id: 'payment',
  description:
    'Spec §4 Payment flow: payment options (step 1), optional injury protection, checkout with billing and waiver ' +
    '(step 2), or the waiver-only page; given the preview implementations, the staff preview of the same steps (§2 /draft).',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => exitOf(context),
  initial: 'start',
  on: {
    DRAFT_UPDATED: {
      guard: 'isPreview',
      target: '.loadingPlans',
      actions: { type: 'reloadFor', params: { step: null } },
      description:
        "Spec §4: on the draft channel's 'updated' event the preview reloads (a page without a step: no season, an " +
        'error, the first load).',
    },
  },
  states: {
    start: {
      description:
        'Spec §2 /payment and /draft: which page this is: the draft preview, a return from the card provider, or the payment page.',
      always: [
        {
          guard: and(['isPreview', 'hasPlans']),
          target: 'plansLoaded',
          actions: 'listenToDraft',
          description:
            "Spec §2 /draft: the server rendered the preview with the draft's plans; they are not asked again.",
        },
        { guard: 'isPreview', target: 'loadingPlans', actions: 'listenToDraft' },
        { target: 'refreshingUser' },
      ],
    },
    refreshingUser: {
      tags: ['busy'],
      description:
        'Spec §7 GET /api/user: the licence, its waiver and is_new decide the way on; the stored user may predate the claim.',
      invoke: {
        id: 'currentUser',
        src: 'currentUser',
        onDone: {
          target: 'userKnown',
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'userKnown' },
      },
    },
    userKnown: {
      description: 'Spec §4: a return from the card provider is looked up first; otherwise the status decides.',
      always: [
        {
          guard: 'isHouseholdReturn',
          target: 'household',
          description: 'Issue 20 point 6: back from 3-D Secure on a family checkout this tab started.',
        },
        { guard: 'isReturnFromProvider', target: 'paying' },
        { target: 'checkingStatus' },
      ],
    },
    checkingStatus: {
      tags: ['busy'],
      description: 'Spec §4 Payment flow: subscription-status decides between paying and the paid pages.',
      invoke: {
        id: 'subscriptionStatus',
        src: 'subscriptionStatus',
        onDone: [
          { guard: { type: 'paymentComplete', params: ({ event }) => event.output }, target: 'paidRouting' },
          {
            guard: 'resumesDiscount',
            target: 'resumingDiscount',
            description: 'Issue 21: a resumed registration applies its discount code again, through the server.',
          },
          { target: 'loadingPlans' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'rememberLoadError', params: ({ event }) => event } },
      },
    },
    resumingDiscount: {
      tags: ['busy'],
      description:
        'Spec §5, issue 21: resuming a saved registration (input `resume`): its code is looked up again (GET /api/discount-codes/' +
        '{code}); a code no longer active is refused as on step 1, where the payer then starts.',
      invoke: {
        id: 'resumedDiscount',
        src: 'discount',
        input: ({ context }) => ({ code: context.pendingCode ?? '' }),
        onDone: [
          {
            guard: { type: 'isActive', params: ({ event }) => event.output },
            target: 'loadingPlans',
            actions: { type: 'applyDiscount', params: ({ event }) => ({ discount: event.output }) },
          },
          {
            target: 'loadingPlans',
            actions: [
              { type: 'rejectDiscount', params: { message: PAYMENT_TEXTS.codeNotFound } },
              { type: 'reloadFor', params: { step: 'choosingPlan' } },
            ],
          },
        ],
        onError: {
          target: 'loadingPlans',
          actions: [
            { type: 'rejectDiscount', params: ({ event }) => ({ message: discountFailureText(event.error) }) },
            { type: 'reloadFor', params: { step: 'choosingPlan' } },
          ],
        },
      },
    },
    paidRouting: {
      description:
        'Spec §4: payment_complete 1 with an organization waiver shows the waiver-only page; with a user licence, the claimed page.',
      always: [
        { guard: 'hasWaiver', target: 'waiverOnly' },
        { guard: 'hasLicence', target: 'toClaimed' },
        { target: 'toDashboard' },
      ],
    },
    waiverOnly: {
      description: "Spec §2 (d): the waiver-only page titled 'Team Waiver'; §5: Accept is disabled until ticked.",
      on: {
        AGREE_WAIVER: { actions: { type: 'setWaiverAgreement', params: ({ event }) => event } },
        ACCEPT: { guard: 'waiverAgreed', target: 'toClaimed' },
      },
    },
    loadingPlans: {
      tags: ['busy'],
      description:
        'Spec §4/§7: load payment data (payment-plans, or on the preview team-draft-payment-plans without ' +
        'authorization); §5: a discount or the protection plan reloads it.',
      on: {
        DRAFT_UPDATED: {
          guard: 'isPreview',
          target: 'loadingPlans',
          reenter: true,
          description:
            'Spec §4: a live update during a load asks again, for the same step: the answer on its way may predate it.',
        },
      },
      invoke: {
        id: 'paymentPlans',
        src: 'paymentPlans',
        input: ({ context }) => plansRequest(context),
        onDone: {
          target: 'plansLoaded',
          actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'loadFailed', actions: { type: 'rememberLoadError', params: ({ event }) => event } },
      },
    },
    plansLoaded: {
      description: 'Spec §8 page-level error, §2 no season, or the step the payer is at (a reload returns to it).',
      exit: { type: 'reloadFor', params: { step: null } },
      always: [
        { guard: 'hasPageError', target: 'pageError' },
        {
          guard: and([{ type: 'reloadedFor', params: { step: 'checkout' as const } }, 'planChosen']),
          target: 'checkout',
          description: 'Issue 19.3: the preview stays on checkout through a live update, while its plan is offered.',
        },
        {
          guard: and([
            { type: 'reloadedFor', params: { step: 'protection' as const } },
            'planChosen',
            'offersProtection',
          ]),
          target: 'protection',
          description:
            'Issue 19.3: the preview stays on protection through a live update, while its plan and the protection are offered.',
        },
        { guard: { type: 'reloadedFor', params: { step: 'choosingPlan' } }, target: 'choosingPlan' },
        { guard: 'noSeason', target: 'noSeason' },
        { target: 'choosingPlan' },
      ],
    },
    loadFailed: {
      description: 'Spec §8: the general error mapping; the payer may try again.',
      entry: { type: 'reloadFor', params: { step: null } },
      on: {
        RETRY: [
          { guard: 'isPreview', target: 'loadingPlans', actions: 'clearError' },
          { target: 'checkingStatus', actions: 'clearError' },
        ],
      },
    },
    pageError: {
      description: 'Spec §8: a payment-data response carrying an error is shown as a page-level error.',
    },
    noSeason: {
      description: "Spec §2: 'Please select a Season to generate a payment preview.' when no season is set.",
      on: {
        DRAFT_FOLLOWED: {
          guard: 'isPreview',
          target: 'loadingPlans',
          description:
            'Spec §4: once the draft channel is followed, the plans are asked again: a season set meanwhile shows.',
        },
      },
    },
    choosingPlan: {
      description: "Spec §4 step 1, payment options; §5: 'Next' is disabled until a plan is selected.",
      initial: 'idle',
      on: {
        DRAFT_UPDATED: reloadOnDraftUpdate('choosingPlan'),
      },
      states: {
        idle: {
          description:
            'Spec §4 step 1: plan and discount code choices, taken only here, never while a lookup or reload runs.',
          on: {
            DRAFT_FOLLOWED: {
              guard: 'isPreview',
              target: '#payment.loadingPlans',
              actions: { type: 'reloadFor', params: { step: 'choosingPlan' } },
              description:
                'Spec §4: once the draft channel is followed, the plans are asked again on this step: a save made while the page loaded shows.',
            },
            SELECT_PLAN: {
              guard: { type: 'planOffered', params: ({ event }) => event },
              actions: { type: 'selectPlan', params: ({ event }) => event },
            },
            APPLY_DISCOUNT: [
              {
                guard: { type: 'clearsDiscount', params: ({ event }) => event },
                target: '#payment.loadingPlans',
                actions: ['clearDiscount', { type: 'reloadFor', params: { step: 'choosingPlan' } }],
                description: 'Spec §5: an empty code clears the discount; the plans reload without it.',
              },
              { guard: { type: 'emptyCode', params: ({ event }) => event }, actions: 'clearDiscountError' },
              {
                guard: { type: 'sameCode', params: ({ event }) => event },
                description: 'Spec §5: re-applying the same code does nothing.',
              },
              { target: 'lookingUpDiscount', actions: { type: 'startLookup', params: ({ event }) => event } },
            ],
            ASK_ASSISTANCE: askAssistance,
            ADD_ATHLETE: {
              guard: and([not('isPreview'), 'canAddAthlete']),
              target: '#payment.addingAthlete',
              description:
                "Issue 20 point 1: 'Add another athlete' (a guardian's session, never the preview) runs the athlete steps.",
            },
            NEXT: [
              {
                guard: and(['planChosen', 'offersProtection']),
                target: '#payment.protection',
                description: 'Spec §4: then the injury protection page if the plan exists (under a full discount too).',
              },
              { guard: 'planChosen', target: '#payment.checkout' },
            ],
            BACK: [
              {
                guard: 'isNewUser',
                target: '#payment.toRegister',
                description:
                  'Spec §2: Back from step 1 goes to /register (step 2, license, is_team_license) for a new user.',
              },
              { guard: not('isPreview'), target: '#payment.toLogin', description: 'Spec §2: …else to /login step 3.' },
            ],
          },
        },
        lookingUpDiscount: {
          description:
            "Spec §7 GET /api/discount-codes/{code}; §8 on failure the server's message, else 'Code not found.'",
          tags: ['busy'],
          invoke: {
            id: 'discount',
            src: 'discount',
            input: ({ context }) => ({ code: context.pendingCode ?? '' }),
            onDone: [
              {
                guard: { type: 'isActive', params: ({ event }) => event.output },
                target: '#payment.loadingPlans',
                actions: [
                  { type: 'applyDiscount', params: ({ event }) => ({ discount: event.output }) },
                  { type: 'reloadFor', params: { step: 'choosingPlan' } },
                ],
                description: 'Spec §5: a discount is applied only if the server says is_active.',
              },
              { target: 'idle', actions: { type: 'rejectDiscount', params: { message: PAYMENT_TEXTS.codeNotFound } } },
            ],
            onError: {
              target: 'idle',
              actions: {
                type: 'rejectDiscount',
                params: ({ event }) => ({ message: discountFailureText(event.error) }),
              },
            },
          },
        },
      },
    },
    protection: {
      description:
        "Spec §2 (b), §4: injury protection can be added ('Add'/'Added') or declined; a one-time payment due today.",
      on: {
        TOGGLE_PROTECTION: {
          target: 'loadingPlans',
          actions: ['toggleProtection', { type: 'reloadFor', params: { step: 'protection' } }],
          description: 'Spec §7 payment-plans with include_payment_protection_plan: the amount joins the first phase.',
        },
        NEXT: { target: 'checkout', description: 'Declining is going on without adding it.' },
        BACK: { target: 'choosingPlan' },
        DRAFT_UPDATED: reloadOnDraftUpdate('protection'),
      },
    },
    checkout: {
      description: 'Spec §4 step 2: confirm and billing with the waiver; Back goes in reverse.',
      initial: 'preparing',
      exit: 'clearMessages',
      on: {
        AGREE_WAIVER: { actions: { type: 'setWaiverAgreement', params: ({ event }) => event } },
        CHOOSE_PAYMENT_METHOD: choosePaymentMethod,
        PAY: payByCheckOrCash,
        BACK: [{ guard: 'offersProtection', target: 'protection' }, { target: 'choosingPlan' }],
        DRAFT_UPDATED: reloadOnDraftUpdate('checkout'),
      },
      states: {
        preparing: {
          description:
            'Spec §4 step 2: draft preview, full discount without card, or the card form of the card payment',
          always: [
            { guard: 'isPreview', target: 'preview' },
            {
              guard: 'checksOutWithoutCard',
              target: 'ready',
              description: 'Spec §4: a full discount checks out without card (nothing due today).',
            },
            { guard: 'cardFormLoaded', target: 'ready' },
            { target: 'loadingCard' },
          ],
        },
        ...cardProviderStates(),
        preview: {
          description:
            'Spec §2 /draft: the preview shows checkout as the customer sees it; nothing can be paid from it.',
        },
        ready: {
          description: "Spec §2 (c): checkout with billing info, the waiver and 'Pay Now'.",
          initial: 'idle',
          on: { PAY: payTransitions },
          states: {
            idle: { description: "Spec §5: 'Pay Now' waits for a team and, when a waiver exists, its signature." },
            message: {
              description:
                "Spec §8/§9: a card message or a checkout failure ('Something went wrong' without a server text) " +
                'disappears after 5 seconds.',
              after: { paymentMessage: { target: 'idle', actions: 'clearMessages' } },
            },
          },
        },
      },
    },
    ...childStates(),
    ...documentsStates(),
    ...assistanceStates(),
    ...checkOrCashStates(),
    toClaimed: {
      type: 'final',
      description:
        'Spec §4: once checked out the user is sent to the claimed page, with the confirmation of the payment just made.',
      entry: { type: 'leave', params: { to: '/licenses/$license' } },
    },
    toRegister: {
      description: 'Spec §2: Back from step 1 goes to /register (step 2, license, is_team_license) for a new user.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/register' } },
    },
    toLogin: {
      description: 'Spec §2: Back from step 1 goes to /login step 3 for an existing user.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login' } },
    },
    toDashboard: {
      description: 'Spec §4 Payment flow: paid, with neither an organization waiver nor a licence: the account page.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/dashboard' } },
    },
  },
});
