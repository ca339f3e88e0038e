import { zUserProfileUpdateInput } from '@terrace/api-client/schemas';
import { trimmed, unwrapOptional } from '@terrace/design-system';
import { z } from 'zod/mini';

// The profile form's checks, loaded at the user's first press or key (profile-form.tsx): the
// contract's PersonName limits, for the trimmed text.
const wire = zUserProfileUpdateInput.shape;
export const profileFormSchema = z.object({
  firstName: trimmed(unwrapOptional(wire.firstName)),
  lastName: trimmed(unwrapOptional(wire.lastName)),
});
