/** Relationship options of the create-athlete form (spec §2 Create athlete form, §3, §9). */

import { titleCase } from './names.ts';

/** The relationship choices in the order the select shows them (§2). */
export const RELATIONSHIP_OPTIONS = [
  'Mother',
  'Father',
  'Brother',
  'Sister',
  'Aunt',
  'Uncle',
  'Guardian',
  'Other',
] as const;

/** One relationship choice of the select (§2). */
export type RelationshipOption = (typeof RELATIONSHIP_OPTIONS)[number];

/** The preselected relationship (§2: Mother is the default). */
export const DEFAULT_RELATIONSHIP: RelationshipOption = 'Mother';

/** The choice that reveals the free-text field (§2, §9). */
export const OTHER_RELATIONSHIP: RelationshipOption = 'Other';

/** Placeholder of the free-text field shown for 'Other' (§2). */
export const CUSTOM_RELATIONSHIP_PLACEHOLDER = 'Type Relationship Here';

/** Whether a value is one of the §2 relationship choices. */
export function isRelationshipOption(value: string): value is RelationshipOption {
  return (RELATIONSHIP_OPTIONS as readonly string[]).includes(value);
}

/** Whether the free-text relationship field is shown (§2: 'Other' reveals it). */
export function needsCustomRelationship(choice: string): boolean {
  return choice === OTHER_RELATIONSHIP;
}

/**
 * The relationship sent to the server (§3 Athlete account payload): the choice itself, or for 'Other' the custom
 * text title-cased (§5) with whitespace collapsed and trimmed. Null when nothing usable was chosen or typed, so
 * the form stays incomplete. Punctuation is kept: §5 removes it from names only, and 'Step-Mother' should survive.
 */
export function relationshipToSend(choice: string, customRelationship: string | null | undefined): string | null {
  if (needsCustomRelationship(choice)) {
    const custom = titleCase((customRelationship ?? '').replace(/\s+/gu, ' ').trim());
    return custom === '' ? null : custom;
  }
  return isRelationshipOption(choice) ? choice : null;
}
