import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RELATIONSHIP,
  isRelationshipOption,
  needsCustomRelationship,
  RELATIONSHIP_OPTIONS,
  relationshipToSend,
} from './relationships.ts';

describe('relationship options (§2)', () => {
  it('lists the eight choices in order with Mother as default', () => {
    expect(RELATIONSHIP_OPTIONS).toEqual([
      'Mother',
      'Father',
      'Brother',
      'Sister',
      'Aunt',
      'Uncle',
      'Guardian',
      'Other',
    ]);
    expect(DEFAULT_RELATIONSHIP).toBe('Mother');
  });

  it('reveals the free-text field only for Other', () => {
    expect(RELATIONSHIP_OPTIONS.filter(needsCustomRelationship)).toEqual(['Other']);
  });

  it('recognizes only the listed choices', () => {
    expect(isRelationshipOption('Guardian')).toBe(true);
    expect(isRelationshipOption('guardian')).toBe(false);
    expect(isRelationshipOption('Cousin')).toBe(false);
  });
});

describe('relationshipToSend (§3, §5)', () => {
  it('sends a listed choice as it is and ignores custom text then', () => {
    expect(relationshipToSend('Father', 'ignored')).toBe('Father');
    expect(relationshipToSend('Mother', null)).toBe('Mother');
  });

  it('sends the custom text title-cased for Other', () => {
    expect(relationshipToSend('Other', 'step   MOTHER')).toBe('Step Mother');
    expect(relationshipToSend('Other', ' grandpa ')).toBe('Grandpa');
    expect(relationshipToSend('Other', 'step-father')).toBe('Step-Father');
  });

  it('is null for Other without custom text, and for an unknown choice', () => {
    expect(relationshipToSend('Other', '')).toBeNull();
    expect(relationshipToSend('Other', '  ')).toBeNull();
    expect(relationshipToSend('Other', undefined)).toBeNull();
    expect(relationshipToSend('', null)).toBeNull();
    expect(relationshipToSend('Cousin', null)).toBeNull();
  });
});
