/**
 * Issue 32 point 2: the organization's documents setting in the console (owners): whether each document's file is
 * deleted once it is approved (who approved it and when are kept). PUT /api/admin/organizations/{id}/documents-setting
 * takes this body; the form's one value is its box, 'true' or 'false'.
 */
import { z } from 'zod/mini';
import { SELECTION_INVALID } from './admin-fields.ts';

export const adminDocumentsSettingBodySchema = z.object({
  delete_after_approval: z.boolean({ error: SELECTION_INVALID }),
});

export type AdminDocumentsSettingBody = z.output<typeof adminDocumentsSettingBodySchema>;

export type AdminDocumentsSettingValues = { delete_after_approval: string };

/** The form's schema: the box's text to the body's boolean (anything but 'true' or 'false' is refused). */
export const adminDocumentsSettingFormSchema = z.pipe(
  z.transform((values: AdminDocumentsSettingValues) => ({
    delete_after_approval:
      values.delete_after_approval === 'true' ? true : values.delete_after_approval === 'false' ? false : undefined,
  })),
  adminDocumentsSettingBodySchema,
);
