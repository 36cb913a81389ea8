/**
 * The signed waiver's PDF (issue 32 point 3): what a family agreed to for one membership, the same file e-mailed with
 * the receipt, downloaded by the family from /payments and by staff from the console's membership page. It names the
 * organization, the team, the athlete and the guardian, the time, the waiver version with its language and SHA-256,
 * the address and browser, and the text word for word; its labels are in the language the text was agreed in (the
 * server's catalogue, group `waivers`).
 */
import { eq } from 'drizzle-orm';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { visibleMembership } from '../billing/phases.ts';
import type { Db, Tx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { memberships, organizations, teams, users } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { notFound, text } from '../http/errors.ts';
import { type Locale, translate } from '../i18n/index.ts';
import { INTL_LOCALES } from '../i18n/messages.gen.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { scopedMembership } from './admin-roster.ts';
import type { StaffJson } from './staff/access.ts';
import { agreementOf } from './waivers.ts';

export interface WaiverPdf {
  filename: string;
  bytes: Uint8Array;
  version: number;
  sha256: string;
}

/** US Letter, in points, with 54 pt margins. */
const PAGE = { width: 612, height: 792, margin: 54 };

/** The text as the standard font can draw it: a character outside its set (WinAnsi) becomes '?'. */
function drawable(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...value.replaceAll('\t', '    ')]
    .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** `paragraph` broken into lines no wider than `width` (a word longer than a line is cut). */
function wrap(font: PDFFont, size: number, paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

function formatTime(locale: Locale, at: Date): string {
  const formatted = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${formatted} UTC`;
}

/** The PDF of the agreement recorded for a membership (null: none recorded). */
export async function waiverPdfOf(db: Db | Tx, membershipId: number): Promise<WaiverPdf | null> {
  const recorded = await agreementOf(db, membershipId);
  if (!recorded) return null;
  const { agreement, version } = recorded;
  const [context] = await db
    .select({ organization: organizations.name, team: teams.name })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(eq(memberships.id, membershipId));
  const [athlete] = await db.select({ name: users.name }).from(users).where(eq(users.id, agreement.athleteId));
  const [guardian] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, agreement.guardianId));
  const locale: Locale = version.language;
  const t = translate;
  const pdf = await PDFDocument.create();
  const title = t(locale, 'waivers.pdfTitle');
  pdf.setTitle(`${title}: ${context?.organization ?? ''}`);
  pdf.setSubject(`version ${version.version} sha256 ${version.sha256}`);
  pdf.setLanguage(locale);
  pdf.setCreationDate(agreement.agreedAt);
  pdf.setModificationDate(agreement.agreedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (value: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const leading = size * 1.35;
    for (const paragraph of drawable(font, value).split(/\r?\n/)) {
      for (const line of wrap(font, size, paragraph, width)) {
        if (y - leading < PAGE.margin) {
          page = pdf.addPage([PAGE.width, PAGE.height]);
          y = PAGE.height - PAGE.margin;
        }
        y -= leading;
        page.drawText(line, { x: PAGE.margin, y, size, font });
      }
    }
    y -= options.gap ?? 0;
  };
  write(title, { font: bold, size: 16, gap: 8 });
  write(t(locale, 'waivers.pdfOrganization', { name: context?.organization ?? '-' }));
  write(t(locale, 'waivers.pdfTeam', { name: context?.team ?? '-' }));
  write(t(locale, 'waivers.pdfAthlete', { name: athlete?.name ?? '-' }));
  write(t(locale, 'waivers.pdfGuardian', { name: guardian?.name ?? '-', email: guardian?.email ?? '-' }));
  write(t(locale, 'waivers.pdfAgreedAt', { date: formatTime(locale, agreement.agreedAt) }));
  write(t(locale, 'waivers.pdfVersion', { version: String(version.version), language: locale }));
  write(t(locale, 'waivers.pdfHash', { hash: version.sha256 }));
  write(t(locale, 'waivers.pdfClient', { ip: agreement.ipAddress, agent: agreement.userAgent || '-' }), { gap: 10 });
  write(t(locale, 'waivers.pdfText'), { font: bold, size: 11, gap: 4 });
  write(version.text);
  // Objects written one by one (no object streams): the version and hash stay readable in the document's info.
  const bytes = await pdf.save({ useObjectStreams: false });
  return {
    filename: `waiver-${membershipId}-v${version.version}.pdf`,
    bytes,
    version: version.version,
    sha256: version.sha256,
  };
}

/** Issue 32 point 3: the signed waivers' PDFs of the memberships a receipt is about, as mail attachments. */
export async function waiverAttachments(db: Db | Tx, membershipIds: number[]): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const membershipId of membershipIds) {
    const pdf = await waiverPdfOf(db, membershipId);
    if (pdf) {
      files.push({
        filename: pdf.filename,
        contentType: 'application/pdf',
        base64: Buffer.from(pdf.bytes).toString('base64'),
      });
    }
  }
  return files;
}

/** GET /api/memberships/{id}/waiver.pdf: the PDF of a membership the caller (or their athlete) holds; else 404. */
export async function familyWaiverPdf(deps: AppDeps, user: UserRow, membershipId: number): Promise<WaiverPdf> {
  const membership = await visibleMembership(deps.db, user, membershipId);
  const file = membership ? await waiverPdfOf(deps.db, membership.id) : null;
  if (!file) throw notFound(text('waivers.notFound'));
  return file;
}

/** GET /api/admin/memberships/{id}/waiver.pdf: the membership page's scope (read_money), then the PDF; else 404. */
export async function staffWaiverPdf(deps: AppDeps, staff: StaffJson, membershipId: number): Promise<WaiverPdf> {
  const { membership } = await scopedMembership(deps.db, staff, membershipId, 'read_money');
  const file = await waiverPdfOf(deps.db, membership.id);
  if (!file) throw notFound(text('waivers.notFound'));
  return file;
}
