import { greetingOf, message } from './billing-mails.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The reminders of an unfinished registration (issue 21 point 2; server/services/registration-progress.ts sends
 * them): 'Finish registering {athlete} for {team}' 24 hours after the guardian last worked on it, once more at 72 hours,
 * with the link `{PUBLIC_URL}/continue?license=CODE`. The subject names people, so the mailer logs `logLabel` instead.
 */

export interface RegistrationReminder {
  to: string;
  /** The guardian who saved the registration. */
  name: string | null;
  /** The athlete chosen, or null before one was (the e-mail says 'your athlete'). */
  athleteName: string | null;
  teamName: string;
  seasonName: string | null;
  /** `{PUBLIC_URL}/continue?license=CODE` */
  link: string;
  /** The second (last) reminder, 72 hours on. */
  second: boolean;
  /**
   * 'Your spot on {team} is held until {date}.' while the family's claim holds its seat with nothing paid (issue 30
   * point 4, src/domain/seat-holds.ts); null (or absent) when no seat is held for them.
   */
  held?: string | null;
}

export const REGISTRATION_REMINDER_TEXTS = {
  noAthlete: 'your athlete',
  stop: "Not registering after all? Choose 'Start over' on the site and we will not remind you again.",
} as const;

export function registrationReminderSubject(reminder: Pick<RegistrationReminder, 'athleteName' | 'teamName'>) {
  return `Finish registering ${reminder.athleteName ?? REGISTRATION_REMINDER_TEXTS.noAthlete} for ${reminder.teamName}`;
}

export function registrationReminderMail(reminder: RegistrationReminder): MailMessage {
  const athlete = reminder.athleteName ?? REGISTRATION_REMINDER_TEXTS.noAthlete;
  const team = reminder.seasonName ? `${reminder.teamName} (${reminder.seasonName})` : reminder.teamName;
  return {
    ...message(reminder.to, registrationReminderSubject(reminder), [
      greetingOf(reminder.name),
      [
        reminder.second
          ? `This is a last reminder: the registration of ${athlete} for ${team} is not finished yet.`
          : `You started registering ${athlete} for ${team} but did not finish.`,
        ...(reminder.held ? [reminder.held] : []),
        'Everything you chose is saved. Log in and continue where you left off:',
        reminder.link,
      ],
      [REGISTRATION_REMINDER_TEXTS.stop],
    ]),
    logLabel: reminder.second ? 'registration reminder (second)' : 'registration reminder',
  };
}
