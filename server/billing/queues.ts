/**
 * The job engine's queues (server/billing/jobs.ts works them), by name as the engine, the logs and the staff's
 * dead-letter list show them. Apart from ./jobs.ts so that a service can enqueue a job in its transaction without an
 * import cycle.
 */
export const QUEUES = {
  charges: 'instalment-charges',
  /** The billing day's shares of the collector's charges, fanned out by `charges` and worked by every process. */
  chargeShares: 'instalment-charge-shares',
  reminders: 'instalment-reminders',
  registrationReminders: 'registration-reminders',
  offerExpiry: 'waitlist-offer-expiry',
  heldSeats: 'held-seat-release',
  mailRelay: 'mail-relay',
} as const;
