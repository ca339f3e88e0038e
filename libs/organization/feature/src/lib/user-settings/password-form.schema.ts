import { msg } from '@lingui/core/macro';
import { zPasswordChangeInput } from '@terrace/api-client/schemas';
import { z } from 'zod/mini';

// The password form's checks, loaded at the user's first press or key (password-form.tsx).
const mustDiffer = msg`The new password must differ from the current one.`;
const mismatch = msg`The passwords do not match.`;

export const passwordFormSchema = z.extend(zPasswordChangeInput, { confirmPassword: z.string() }).check(
  z.superRefine((values, ctx) => {
    if (values.newPassword === values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: mustDiffer.message ?? '', params: { message: mustDiffer } });
    }
    if (values.confirmPassword !== values.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: mismatch.message ?? '', params: { message: mismatch } });
    }
  }),
);
