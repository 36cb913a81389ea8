import { createHash } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import type { Tx } from './client.ts';
import {
  licences,
  organizations,
  staffAccounts,
  staffRoles,
  teamAgeRules,
  teamQuestions,
  teams,
  waiverVersions,
} from './schema/index.ts';

/**
 * The "Eligibility" fixtures (issue 32, docs/fixtures.md "Eligibility"): Lakeside's 12U Sharks in its Spring 2027
 * season with its licence SHARKS-2027 (50 seats), and Lakeside's registrar Leo Park. Inserted after every other
 * fixture, so the ids of the teams, licences and staff seeded before stay what they were. The team's age rule, its
 * required document and its questions are the issue's own parts, seeded beside it as each lands.
 */
export async function seedEligibility(
  tx: Tx,
  ids: { lakeside: number; lakesideSpring2027: number },
  staffPasswordHash: string,
): Promise<{ sharks: number; sharksLicence: number; lakesideRegistrar: number }> {
  const [sharks] = await tx
    .insert(teams)
    .values({
      organizationId: ids.lakeside,
      seasonId: ids.lakesideSpring2027,
      name: '12U Sharks',
      totalDuesCents: 25000,
      athleteDepositCents: 0,
      paymentPlanFeeCents: 0,
      appFeeCents: 0,
      isAppFeeItemized: true,
      planMonths: [3, 6],
    })
    .returning({ id: teams.id });
  if (!sharks) throw new Error('seed: 12U Sharks insert returned nothing');
  const [sharksLicence] = await tx
    .insert(licences)
    .values({
      code: 'SHARKS-2027',
      kind: 'team',
      name: '12U Sharks Spring 2027',
      organizationId: ids.lakeside,
      teamId: sharks.id,
      availableLicenses: 50,
    })
    .returning({ id: licences.id });
  if (!sharksLicence) throw new Error('seed: SHARKS-2027 insert returned nothing');
  const [registrar] = await tx
    .insert(staffAccounts)
    .values({ email: 'registrar@lakeside.example', name: 'Leo Park', passwordHash: staffPasswordHash })
    .returning({ id: staffAccounts.id });
  if (!registrar) throw new Error('seed: Lakeside registrar insert returned nothing');
  await tx.insert(staffRoles).values({ staffId: registrar.id, organizationId: ids.lakeside, role: 'registrar' });
  await seedAgeRules(tx, sharks.id);
  await seedWaiverVersions(tx);
  await seedRequiredDocuments(tx, sharks.id);
  await seedSharksQuestions(tx, sharks.id);
  return { sharks: sharks.id, sharksLicence: sharksLicence.id, lakesideRegistrar: registrar.id };
}

/**
 * Issue 32 point 1, the age rule: 12U Sharks counts age on August 31 of its season's year (Little League Baseball)
 * and takes ages 11 and 12, i.e. born between September 1, 2014 and August 31, 2016. No other team has an age rule.
 */
async function seedAgeRules(tx: Tx, sharksId: number): Promise<void> {
  await tx.insert(teamAgeRules).values({ teamId: sharksId, preset: 'little-league-baseball', minAge: 11, maxAge: 12 });
}

/**
 * Issue 32 point 3 ("Eligibility": Northside's waiver text is its version 1): every organization with a waiver gets
 * its current text recorded as version 1 (Lakeside has none, so none); no Spanish text in the fixtures.
 */
async function seedWaiverVersions(tx: Tx): Promise<void> {
  const waivered = await tx
    .select({ id: organizations.id, waiver: organizations.waiver })
    .from(organizations)
    .where(isNotNull(organizations.waiver))
    .orderBy(organizations.id);
  for (const organization of waivered) {
    if (organization.waiver === null || organization.waiver.trim() === '') continue;
    await tx.insert(waiverVersions).values({
      organizationId: organization.id,
      version: 1,
      language: 'en',
      text: organization.waiver,
      // As services/waivers.ts hashes every version: SHA-256 of the UTF-8 text, in hex.
      sha256: createHash('sha256').update(organization.waiver, 'utf8').digest('hex'),
    });
  }
}

/** Issue 32 point 2: 12U Sharks requires a 'Proof of age' of every membership (docs/fixtures.md "Eligibility"). */
async function seedRequiredDocuments(tx: Tx, sharks: number): Promise<void> {
  await tx
    .update(teams)
    .set({ requiredDocuments: ['Proof of age'] })
    .where(eq(teams.id, sharks));
}

/**
 * Issue 32 point 4: 12U Sharks' own questions, in this order: 'Jersey size' (a choice, required) and 'Allergies or
 * medical notes' (a short text, optional). The prompts and options are the club's own text, not catalogue texts.
 */
export async function seedSharksQuestions(tx: Tx, sharksId: number): Promise<void> {
  await tx.insert(teamQuestions).values([
    {
      teamId: sharksId,
      position: 0,
      kind: 'choice',
      prompt: 'Jersey size',
      options: ['YS', 'YM', 'YL', 'AS', 'AM'],
      required: true,
    },
    {
      teamId: sharksId,
      position: 1,
      kind: 'short_text',
      prompt: 'Allergies or medical notes',
      options: [],
      required: false,
    },
  ]);
}
