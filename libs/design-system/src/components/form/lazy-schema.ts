import { LazyValue } from '../../lib/lazy-value';

/**
 * A form schema in a module of its own, loaded when the form first needs it: zod, the schema and
 * the form's checks (about 11 KiB gzip) stay out of the first load of a page whose form shows at
 * once. Declare it at module level, next to the form, as `React.lazy` is:
 *
 *   const profileFormSchema = lazySchema(() => import('./profile-form.schema').then((m) => m.profileFormSchema));
 *   const form = useContractForm({ schema: profileFormSchema, defaultValues, messages });
 *
 * The form starts loading it at the user's first press or key; its first check waits for it.
 */
export class LazySchema<Schema> extends LazyValue<Schema> {}

export function lazySchema<Schema>(loader: () => Promise<Schema>): LazySchema<Schema> {
  return new LazySchema(loader);
}
