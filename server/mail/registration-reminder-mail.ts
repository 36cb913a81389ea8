import { english, type Locale } from '../i18n/index.ts';
import { greetingOf, message } from './billing-mails.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The reminders of an unfinished registration (issue 21 point 2; server/services/registration-progress.ts sends
 * them): 'Finish registering {athlete} for {team}' 24 hours after the guardian last worked on it, once more at 72 hours,
 * with the link `{PUBLIC_URL}/continue?license=CODE`, in the guardian's saved language (issue 31; English when
 * absent). The subject names people, so the mailer logs `logLabel` instead.
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
   * When the family's claim holds its seat with nothing paid (issue 30 point 4, src/domain/seat-holds.ts), the hold's
   * end: the mail says 'Your spot on {team} is held until {date}.'; null (or absent) when no seat is held for them.
   */
  heldUntil?: Date | null;
  /**
   * The seat is held while the family's request for financial assistance waits (issue 34 point 1; no end can be
   * promised): the mail says 'Your spot on {team} is held while your request for financial assistance is decided.'
   * instead of a date.
   */
  heldWhileAssistanceDecided?: boolean;
  /** The guardian's saved language (English when absent). */
  locale?: Locale | undefined;
}

export const REGISTRATION_REMINDER_TEXTS = {
  noAthlete: english('mail.yourAthlete'),
  stop: english('mail.registrationReminderStop'),
} as const;

export function registrationReminderSubject(
  reminder: Pick<RegistrationReminder, 'athleteName' | 'teamName' | 'locale'>,
): string {
  const l = mailLanguage(reminder.locale);
  return l.t('mail.registrationReminderSubject', {
    athlete: reminder.athleteName ?? l.t('mail.yourAthlete'),
    team: reminder.teamName,
  });
}

export function registrationReminderMail(reminder: RegistrationReminder): MailMessage {
  const l = mailLanguage(reminder.locale);
  const athlete = reminder.athleteName ?? l.t('mail.yourAthlete');
  const team = reminder.seasonName ? `${reminder.teamName} (${reminder.seasonName})` : reminder.teamName;
  const held = reminder.heldWhileAssistanceDecided
    ? l.t('seatHolds.heldWhileAssistanceDecided', { team: reminder.teamName })
    : reminder.heldUntil
      ? l.t('mail.registrationReminderHeld', { team: reminder.teamName, until: l.instantUtc(reminder.heldUntil) })
      : null;
  return {
    ...message(reminder.to, registrationReminderSubject(reminder), [
      greetingOf(reminder.name, l),
      [
        reminder.second
          ? l.t('mail.registrationReminderSecond', { athlete, team })
          : l.t('mail.registrationReminderFirst', { athlete, team }),
        ...(held ? [held] : []),
        l.t('mail.registrationReminderSaved'),
        l.link(reminder.link),
      ],
      [l.t('mail.registrationReminderStop')],
    ]),
    logLabel: reminder.second ? 'registration reminder (second)' : 'registration reminder',
  };
}
