import type { Tx } from './client.ts';
import { licences, staffAccounts, staffRoles, teamQuestions, teams } from './schema/index.ts';

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
  await seedSharksQuestions(tx, sharks.id);
  return { sharks: sharks.id, sharksLicence: sharksLicence.id, lakesideRegistrar: registrar.id };
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
