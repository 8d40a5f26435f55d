import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';

type Schemas = typeof import('./schemas');

let loading: Promise<Schemas> | undefined;

/**
 * The yup schemas (and yup itself, ~11 KB gzip) load in their own chunk once a card has rendered, not before:
 * the /login route must show within its 170 KB first-download budget (scripts/check-bundle-budget.mjs), and
 * nothing needs a schema before the applicant types. AuthCard starts the download on mount.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import(/* webpackChunkName: "auth-schemas" */ './schemas').catch((error: unknown) => {
    loading = undefined; // try again next time
    throw error;
  });
  return loading;
}

/**
 * A formik `validate` that runs one of the schemas exactly as `validationSchema` would (same value preparation,
 * all messages collected, first message per field). If the chunk cannot be loaded (network gone), nothing is
 * blocked here: the server checks the same rules (rules.ts) and its message is shown as the card error.
 */
export function validateWith<Values extends FormikValues>(pick: (schemas: Schemas) => AnyObjectSchema) {
  return async (values: Values): Promise<FormikErrors<Values>> => {
    let schema: AnyObjectSchema;
    try {
      schema = pick(await loadSchemas());
    } catch {
      return {};
    }
    try {
      await validateYupSchema(values, schema);
      return {};
    } catch (error) {
      if ((error as { name?: string }).name === 'ValidationError') return yupToFormErrors(error);
      throw error;
    }
  };
}
