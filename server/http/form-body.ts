/**
 * A request body validated by a form's shared zod/mini schema (src/domain/forms/admin-*.ts, issue 22): the site's
 * form and the server judge a body with the same rules and texts. The OpenAPI generator reads only classic zod, so
 * the route gets a classic schema that runs the shared one (its issues become the route's 422, keyed by field; an
 * index in a list is left out, so a bad month of `plan_months` answers on `plan_months`) and documents the body
 * with the shared schema's JSON Schema.
 *
 * The shared schemas' messages are keys of the forms' texts (the `form` catalogue group, src/domain/form-schema.ts):
 * they pass through as the issues' messages, and the error they make answers each one's text in the request's
 * language (server/http/errors.ts → server/i18n `fromEnglish`), English word for word as before.
 */
import { z } from '@hono/zod-openapi';
import { z as mini } from 'zod/mini';

/** The generator's schema metadata (the second parameter of `.openapi(refId, metadata)`). */
type OpenApiMetadata = NonNullable<Parameters<z.ZodType['openapi']>[1]>;

export function formBody<S extends mini.ZodMiniType>(schema: S) {
  const { $schema: _dialect, ...jsonSchema } = mini.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' });
  // The generated JSON Schema is plain data: read back as the generator's metadata (OpenAPI 3.0 schema object).
  const document: OpenApiMetadata = JSON.parse(JSON.stringify(jsonSchema));
  return z
    .unknown()
    .transform((value, context): mini.output<S> => {
      const result = mini.safeParse(schema, value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        const index = issue.path.findIndex((segment) => typeof segment === 'number');
        context.addIssue({
          code: 'custom',
          message: issue.message,
          path: index === -1 ? issue.path : issue.path.slice(0, index),
          input: issue.input,
        });
      }
      return z.NEVER;
    })
    .openapi(document);
}
