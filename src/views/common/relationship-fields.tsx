import { needsCustomRelationship, RELATIONSHIP_OPTIONS } from '../../domain/relationships';
import { useT } from '../../i18n/use-t';
import { SelectField, TextField } from './field';

/** A control bound to a form field (use-form.ts `bind`, with the server's error where a form adds one). */
interface BoundField {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/**
 * 'Relationship' and, once 'Other' is chosen, the typed relationship: one block for the create-athlete form (the
 * athlete steps) and 'Invite a guardian' (/household), fed by each form's bound fields.
 */
export function RelationshipFields({ relationship, custom }: { relationship: BoundField; custom: BoundField }) {
  const t = useT();
  return (
    <>
      <SelectField label={t('common.relationship')} aria-required {...relationship}>
        {RELATIONSHIP_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t('common.relationshipOption', { option })}
          </option>
        ))}
      </SelectField>
      {needsCustomRelationship(relationship.value) && (
        <TextField label={t('common.relationshipCustom')} aria-required {...custom} />
      )}
    </>
  );
}
