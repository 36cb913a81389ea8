import { describe, expect, it } from 'vitest';
import { householdReceiptMail as checkoutReceiptMail } from '../billing/household-receipts.ts';
import { type BillingMailContext, failureMail, receiptMail, reminderMail } from './billing-mails.ts';
import { householdFailureMail, householdReminderMail } from './household-billing-mails.ts';
import { householdInviteMail } from './household-invite-mail.ts';
import { linkIn, mailLanguage } from './mail-language.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import { refundMail } from './refund-mail.ts';
import { registrationReminderMail } from './registration-reminder-mail.ts';
import { staffInviteMail } from './staff-invite-mail.ts';
import { waitlistOfferMail } from './waitlist-mail.ts';

/**
 * Issue 31 point 3: every e-mail in the recipient's saved language, subject included; dates and money for the
 * language ('1 de enero de 2027', '$905.00'); what the organization wrote (team, season, organization, reasons) as
 * written. English stays word for word (the mail tests of each flow assert it).
 */

const LINK = 'http://localhost:5173/payments';
const CARD = { brand: 'visa', last4: '4242' };
const lucia = (locale: 'en' | 'es'): BillingMailContext => ({
  to: 'familia@example.com',
  name: 'Lucía Romero',
  teamName: '12U Tigers',
  seasonName: 'Spring 2027',
  planName: '3 monthly payments',
  planMonth: 3,
  paymentsLink: LINK,
  locale,
});

describe('the language helpers', () => {
  it('formats dates and money for the language, English as before', () => {
    expect(mailLanguage('en').date('2027-01-01')).toBe('Jan 1, 2027');
    expect(mailLanguage('es').date('2027-01-01')).toBe('1 de enero de 2027');
    expect(mailLanguage('en').money(90500)).toBe('$905.00');
    expect(mailLanguage('es').money(90500)).toBe('$905.00');
    expect(mailLanguage('es').money(123456789)).toBe('$1,234,567.89');
    expect(mailLanguage('es').money(-4500)).toBe('-$45.00');
    expect(mailLanguage().names(['A', 'B', 'C'], '')).toBe('A, B and C');
    expect(mailLanguage('es').names(['A', 'B', 'C'], '')).toBe('A, B y C');
    const instant = new Date(Date.UTC(2026, 10, 28, 19, 2));
    expect(mailLanguage('en').instantUtc(instant)).toBe('Nov 28, 2026, 7:02 PM UTC');
    expect(mailLanguage('es').instantUtc(instant)).toMatch(/^28 nov 2026, 7:02\sp\.\s?m\. UTC$/);
  });
});

describe('the payment e-mails in Spanish', () => {
  it('writes the receipt in Spanish, the team and season as the organization wrote them', () => {
    const mail = receiptMail(
      lucia('es'),
      { amountCents: 90500, paidOn: '2027-01-01', card: CARD, siblingDiscountCents: 4500 },
      [{ dueOn: '2027-02-01', amountCents: 13500 }],
    );
    expect(mail.subject).toBe('Recibo: $905.00 por 12U Tigers, Spring 2027');
    expect(mail.text).toBe(
      [
        'Hola, Lucía Romero:',
        '',
        'Gracias por tu pago. Este es tu recibo.',
        '',
        'Monto pagado: $905.00',
        'Fecha: 1 de enero de 2027',
        'Equipo: 12U Tigers',
        'Temporada: Spring 2027',
        'Plan de pagos: 3 pagos mensuales',
        'Descuento por hermanos: -$45.00',
        'Tarjeta: Visa terminada en 4242',
        '',
        'Calendario de pagos pendiente:',
        '- 1 de febrero de 2027: $135.00',
        '',
        'Consulta tus pagos:',
        `${LINK}?lang=es`,
      ].join('\n'),
    );
    expect(mail.html).toContain('<p>Hola, Lucía Romero:</p>');
    expect(mail.html).not.toMatch(/Receipt|Thank you|Amount paid/);
  });

  it('keeps the English receipt word for word', () => {
    const mail = receiptMail(
      { ...lucia('en'), planMonth: undefined },
      { amountCents: 90500, paidOn: '2027-01-01', card: null },
      [],
    );
    expect(mail.subject).toBe('Receipt: $905.00 for 12U Tigers, Spring 2027');
    expect(mail.text).toContain('Date: Jan 1, 2027\nTeam: 12U Tigers\nSeason: Spring 2027\nPlan: 3 monthly payments');
    expect(mail.text).toContain('Card: none (nothing was charged)\n\nNothing remains to be paid.');
  });

  it('writes the failure notice and the reminder in Spanish', () => {
    const failure = failureMail(lucia('es'), {
      amountCents: 13500,
      dueOn: '2027-02-01',
      card: CARD,
      reason: 'Your card was declined.',
      nextAttemptOn: '2027-02-02',
      updateCardLink: `${LINK}/update-card?membership_id=1`,
    });
    expect(failure.subject).toBe('No se pudo cobrar el pago: $135.00 por 12U Tigers, Spring 2027');
    expect(failure.text).toContain(
      'No pudimos cobrar a tu Visa terminada en 4242 el pago de $135.00 con vencimiento el 1 de febrero de 2027 (12U Tigers, Spring 2027, 3 pagos mensuales).',
    );
    expect(failure.text).toContain(
      'Lo intentaremos de nuevo el 2 de febrero de 2027. Para pagar ahora, actualiza tu tarjeta:',
    );
    const last = failureMail(lucia('es'), {
      amountCents: 13500,
      dueOn: '2027-02-01',
      card: null,
      reason: 'No card is saved for this payment.',
      nextAttemptOn: null,
      updateCardLink: LINK,
    });
    expect(last.text).toContain('Ese fue nuestro último intento: el pago ya está vencido.');
    // The reason: the server's own text in Spanish; a card processor's words (above) as they came.
    expect(last.text).toContain('No hay ninguna tarjeta guardada para este pago.');
    expect(failure.text).toContain('Your card was declined.');

    const reminder = reminderMail(lucia('es'), {
      amountCents: 13500,
      dueOn: '2027-02-01',
      card: CARD,
      updateCardLink: LINK,
    });
    expect(reminder.subject).toBe('Próximo pago: $135.00 el 1 de febrero de 2027 por 12U Tigers, Spring 2027');
    expect(reminder.text).toMatch(
      /^Hola, Lucía Romero:\n\nTu próximo pago de 12U Tigers, Spring 2027 \(3 pagos mensuales\)/,
    );
    expect(reminder.text).toContain('se cobrará a tu Visa terminada en 4242 el 1 de febrero de 2027.');
  });

  it("writes a household's notices in Spanish, each athlete's plan named in it", () => {
    const context = {
      to: 'familia@example.com',
      name: 'Lucía Romero',
      lines: [
        {
          athleteName: 'Mateo Romero',
          teamName: '12U Tigers',
          seasonName: 'Spring 2027',
          planName: '3 monthly payments',
          planMonth: 3,
          amountCents: 13500,
        },
        {
          athleteName: 'Sofía Romero',
          teamName: '10U Waves',
          seasonName: null,
          planName: 'Pay in full',
          planMonth: 0,
          amountCents: 12150,
        },
      ],
      paymentsLink: LINK,
      locale: 'es' as const,
    };
    const failure = householdFailureMail(context, {
      dueOn: '2027-02-01',
      card: null,
      reason: 'x',
      nextAttemptOn: '2027-02-02',
      updateCardLink: LINK,
    });
    expect(failure.subject).toBe('No se pudo cobrar el pago: $256.50 por Mateo Romero y Sofía Romero');
    expect(failure.text).toContain(
      'No pudimos cobrar a la tarjeta guardada el pago de $256.50 con vencimiento el 1 de febrero de 2027:',
    );
    expect(failure.text).toContain('- Mateo Romero (12U Tigers, Spring 2027, 3 pagos mensuales): $135.00');
    expect(failure.text).toContain('- Sofía Romero (10U Waves, Pagar el total): $121.50');
    const reminder = householdReminderMail(context, { dueOn: '2027-02-01', card: CARD, updateCardLink: LINK });
    expect(reminder.subject).toBe('Próximo pago: $256.50 el 1 de febrero de 2027 por Mateo Romero y Sofía Romero');
    expect(reminder.text).toContain(
      'Tu próximo pago es de $256.50 y se cobrará a la Visa terminada en 4242 el 1 de febrero de 2027:',
    );
  });

  it("writes a family checkout's receipt in the payer's language", () => {
    const receipt = {
      checkout_id: 'hc_1',
      amount_cents: 90500,
      sibling_discount_cents: 4500,
      email: 'familia@example.com',
      card: CARD,
      athletes: [
        {
          membership_id: 1,
          athlete_id: 7,
          name: 'Mateo Romero',
          team_name: '12U Tigers',
          season_name: 'Spring 2027',
          plan_name: 'Pay in full',
          amount_cents: 90500,
          dues_cents: 90000,
          code_discount_cents: 0,
          sibling_discount_cents: 4500,
          protection_cents: 2000,
          app_fee_cents: 2500,
        },
      ],
      remaining: [],
    };
    const spanish = checkoutReceiptMail(receipt, 'Lucía Romero', '2027-01-01', LINK, 'es', new Map([[7, 0]]));
    expect(spanish.subject).toBe('Recibo: $905.00 por Mateo Romero');
    expect(spanish.text).toContain('Fecha: 1 de enero de 2027');
    expect(spanish.text).toContain(
      'Mateo Romero: 12U Tigers, Spring 2027\nPlan de pagos: Pagar el total\nCuota del equipo: $900.00\nDescuento por hermanos: -$45.00\nCargo de la aplicación: $25.00\nProtección contra lesiones: $20.00\nPagado hoy: $905.00',
    );
    expect(spanish.text).toContain('No queda nada por pagar.');
    const english = checkoutReceiptMail(receipt, 'Lucía Romero', '2027-01-01', LINK);
    expect(english.subject).toBe('Receipt: $905.00 for Mateo Romero');
    expect(english.text).toContain('Plan: Pay in full\nDues: $900.00\nSibling discount: -$45.00\nApp fee: $25.00');
  });

  it("lists an athlete's award on the family receipt as 'Financial assistance' in both languages (issue 34)", () => {
    const athlete = {
      membership_id: 1,
      athlete_id: 7,
      name: 'Mateo Romero',
      team_name: '12U Tigers',
      season_name: 'Spring 2027',
      plan_name: 'Pay in full',
      amount_cents: 25000,
      dues_cents: 45000,
      code_discount_cents: 0,
      sibling_discount_cents: 0,
      financial_assistance_cents: 22500,
      protection_cents: 0,
      app_fee_cents: 2500,
    };
    const receipt = {
      checkout_id: 'hc_2',
      amount_cents: 25000,
      sibling_discount_cents: 0,
      email: 'familia@example.com',
      card: CARD,
      athletes: [athlete],
      remaining: [],
    };
    const spanish = checkoutReceiptMail(receipt, 'Lucía Romero', '2027-01-01', LINK, 'es');
    expect(spanish.text).toContain('Cuota del equipo: $450.00\nAyuda económica: -$225.00\n');
    const english = checkoutReceiptMail(receipt, 'Lucía Romero', '2027-01-01', LINK);
    expect(english.text).toContain('Dues: $450.00\nFinancial assistance: -$225.00\n');
  });

  it('writes the refund in Spanish, the reason and the organization as staff wrote them', () => {
    const mail = refundMail({
      to: 'familia@example.com',
      name: 'Lucía Romero',
      organization: 'Northside Youth Baseball',
      team: '12U Tigers',
      athlete: null,
      amountCents: 4500,
      reason: 'Moved away',
      paymentsLink: LINK,
      locale: 'es',
    });
    expect(mail.subject).toBe('Tu reembolso de Northside Youth Baseball');
    expect(mail.text).toContain(
      'Northside Youth Baseball reembolsó $45.00 de la inscripción de tu atleta en 12U Tigers a la tarjeta con la que se pagó.\nMotivo: Moved away',
    );
  });
});

describe('the account e-mails in Spanish', () => {
  it('writes the password reset in Spanish', () => {
    const mail = passwordResetMail('familia@example.com', 'Lucía Romero', 'http://x/resetpwd?token=t', 'es');
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toBe(
      [
        'Hola, Lucía Romero:',
        '',
        'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Abre este enlace para elegir una contraseña nueva:',
        'http://x/resetpwd?token=t&lang=es',
        '',
        'El enlace funciona una sola vez y vence en 60 minutos. Si no lo pediste, ignora este correo.',
      ].join('\n'),
    );
    expect(mail.html).toContain('>Restablece tu contraseña</a>');
    // English, word for word as before issue 31.
    const english = passwordResetMail('a@example.com', null, 'http://x');
    expect(english.subject).toBe('Reset your password');
    expect(english.text).toBe(
      'Hello,\n\nWe received a request to reset the password of your account. Open this link to choose a new password:\nhttp://x\n\nThe link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail.',
    );
  });

  it('writes the household and staff invitations in Spanish; names and the organization as written', () => {
    const household = householdInviteMail({
      to: 'familia@example.com',
      inviteeName: 'Lucía Romero',
      inviterName: 'Pat Rivera',
      athleteNames: ['Sam Rivera', 'Alex Rivera'],
      appName: 'Diamond',
      link: 'http://x/household/join?token=t',
      locale: 'es',
    });
    expect(household.subject).toBe('Pat Rivera te invitó a administrar a Sam Rivera y Alex Rivera en Diamond');
    expect(household.text).toContain('Este enlace funciona una sola vez y vence en 7 días.');
    expect(household.html).toContain('>Aceptar la invitación</a>');
    const staffInvite = {
      to: 'ana@example.com',
      inviteeName: 'Ana Torres',
      inviterName: 'Olivia Grant',
      organizationName: 'Northside Youth Baseball',
      role: 'coach' as const,
      teamName: '12U Tigers',
      link: 'http://x/admin/join?token=t',
      locale: 'es' as const,
    };
    const staff = staffInviteMail(staffInvite);
    expect(staff.subject).toBe('Te invitaron a la consola del club de Northside Youth Baseball');
    expect(staff.text).toContain(
      'Olivia Grant te invitó a unirte a Northside Youth Baseball como entrenador de 12U Tigers en la consola del club.',
    );
    const owner = staffInviteMail({ ...staffInvite, role: 'owner', teamName: null, locale: 'en' });
    expect(owner.text).toContain(
      "Olivia Grant invited you to join Northside Youth Baseball as an owner in the club's console.",
    );
  });

  it('writes the waitlist offer and the registration reminder in Spanish', () => {
    const offer = waitlistOfferMail({
      to: 'familia@example.com',
      guardianName: 'Lucía Romero',
      team: '12U Tigers',
      expiresText: mailLanguage('es').instantUtc(new Date(Date.UTC(2026, 10, 28, 19, 2))),
      link: 'http://x/licenses/FULL-2027?offer=t',
      locale: 'es',
    });
    expect(offer.subject).toBe('Se abrió un lugar en 12U Tigers');
    expect(offer.text).toMatch(
      /^Hola, Lucía Romero:\n\nSe abrió un lugar en 12U Tigers y eres el siguiente en su lista de espera\. Te lo guardamos hasta el 28 nov 2026/,
    );
    expect(offer.html).toContain('>Inscribirme ahora</a>');

    const reminder = registrationReminderMail({
      to: 'familia@example.com',
      name: 'Lucía Romero',
      athleteName: null,
      teamName: '12U Tigers',
      seasonName: 'Spring 2027',
      link: 'http://x/continue?license=T',
      second: true,
      heldUntil: new Date(Date.UTC(2026, 11, 9, 8, 30)),
      locale: 'es',
    });
    expect(reminder.subject).toBe('Termina de inscribir a tu atleta en 12U Tigers');
    expect(reminder.text).toContain(
      'Este es el último recordatorio: la inscripción de tu atleta en 12U Tigers (Spring 2027) todavía no está terminada.',
    );
    expect(reminder.text).toContain('Tu lugar en 12U Tigers está reservado hasta el 9 dic 2026');
    expect(reminder.text).toContain("Elige 'Empezar de nuevo' en el sitio");
    const english = registrationReminderMail({
      to: 'x',
      name: null,
      athleteName: null,
      teamName: '12U Tigers',
      seasonName: null,
      link: 'L',
      second: false,
      heldUntil: new Date(Date.UTC(2026, 11, 9, 8, 30)),
    });
    expect(english.subject).toBe('Finish registering your athlete for 12U Tigers');
    expect(english.text).toContain('Your spot on 12U Tigers is held until Dec 9, 2026, 8:30 AM UTC.');
  });
});

describe("every e-mail's links to the site in the recipient's language", () => {
  const UPDATE = `${LINK}/update-card?membership_id=1`;
  const failure = { amountCents: 13500, dueOn: '2027-02-01', card: CARD, reason: 'x', nextAttemptOn: null };
  const household = (locale: 'en' | 'es') => ({
    to: 'familia@example.com',
    name: 'Lucía Romero',
    lines: [
      {
        athleteName: 'Mateo Romero',
        teamName: '12U Tigers',
        seasonName: null,
        planName: 'Pay in full',
        planMonth: 0,
        amountCents: 13500,
      },
    ],
    paymentsLink: LINK,
    locale,
  });
  const checkoutReceipt = (locale: 'en' | 'es') =>
    checkoutReceiptMail(
      {
        checkout_id: 'hc_1',
        amount_cents: 500,
        sibling_discount_cents: 0,
        email: 'familia@example.com',
        card: null,
        athletes: [],
        remaining: [],
      },
      null,
      '2027-01-01',
      LINK,
      locale,
    );
  /** Each mail with a link into the site, written for a recipient in `locale`, and the links it was given. */
  const mails = (locale: 'en' | 'es') => [
    { mail: receiptMail(lucia(locale), { amountCents: 500, paidOn: '2027-01-01', card: null }, []), links: [LINK] },
    { mail: failureMail(lucia(locale), { ...failure, updateCardLink: UPDATE }), links: [UPDATE, LINK] },
    { mail: reminderMail(lucia(locale), { ...failure, card: null, updateCardLink: UPDATE }), links: [UPDATE, LINK] },
    { mail: householdFailureMail(household(locale), { ...failure, updateCardLink: UPDATE }), links: [UPDATE, LINK] },
    {
      mail: householdReminderMail(household(locale), { dueOn: '2027-02-01', card: null, updateCardLink: UPDATE }),
      links: [UPDATE, LINK],
    },
    { mail: checkoutReceipt(locale), links: [LINK] },
    {
      mail: refundMail({
        to: 'familia@example.com',
        name: null,
        organization: 'Northside Youth Baseball',
        team: '12U Tigers',
        athlete: null,
        amountCents: 4500,
        reason: 'Moved away',
        paymentsLink: LINK,
        locale,
      }),
      links: [LINK],
    },
    {
      mail: passwordResetMail('familia@example.com', null, 'http://x/resetpwd/forgot?token=t&email=a%40b.c', locale),
      links: ['http://x/resetpwd/forgot?token=t&email=a%40b.c'],
    },
    {
      mail: householdInviteMail({
        to: 'familia@example.com',
        inviteeName: 'Ana Torres',
        inviterName: 'Pat Rivera',
        athleteNames: ['Sam Rivera'],
        appName: 'Diamond',
        link: 'http://x/household/join?token=t',
        locale,
      }),
      links: ['http://x/household/join?token=t'],
    },
    {
      mail: staffInviteMail({
        to: 'ana@example.com',
        inviteeName: 'Ana Torres',
        inviterName: 'Olivia Grant',
        organizationName: 'Northside Youth Baseball',
        role: 'registrar',
        teamName: null,
        link: 'http://x/admin/join?token=t',
        locale,
      }),
      links: ['http://x/admin/join?token=t'],
    },
    {
      mail: waitlistOfferMail({
        to: 'familia@example.com',
        guardianName: null,
        team: '12U Tigers',
        expiresText: 'soon',
        link: 'http://x/licenses/FULL-2027?offer=t',
        locale,
      }),
      links: ['http://x/licenses/FULL-2027?offer=t'],
    },
    {
      mail: registrationReminderMail({
        to: 'familia@example.com',
        name: null,
        athleteName: null,
        teamName: '12U Tigers',
        seasonName: null,
        link: 'http://x/continue?license=T',
        second: false,
        heldUntil: null,
        locale,
      }),
      links: ['http://x/continue?license=T'],
    },
  ];
  const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
  const hrefsIn = (html: string) =>
    [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]?.replaceAll('&#38;', '&'));

  it('adds lang=es to every link of a Spanish recipient, in the text and the HTML', () => {
    for (const { mail, links } of mails('es')) {
      const spanish = links.map((link) => `${link}${link.includes('?') ? '&' : '?'}lang=es`);
      expect(linksIn(mail.text), mail.subject).toEqual(spanish);
      expect(hrefsIn(mail.html), mail.subject).toEqual(spanish);
    }
  });

  it("leaves an English recipient's links as they were built", () => {
    for (const { mail, links } of mails('en')) {
      expect(linksIn(mail.text), mail.subject).toEqual(links);
      expect(hrefsIn(mail.html), mail.subject).toEqual(links);
    }
    expect(linkIn('en', 'not a URL')).toBe('not a URL');
    expect(linkIn('es', 'http://x/payments?lang=en')).toBe('http://x/payments?lang=es');
  });
});
