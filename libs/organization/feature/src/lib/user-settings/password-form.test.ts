import { zPassword } from '@terrace/api-client/schemas';
import { lengthLimits } from '@terrace/design-system';
import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-form';
import { passwordFormSchema } from './password-form.schema';

describe('password form', () => {
  it("states the contract's password limits before its checks load", () => {
    expect({ minimum: MIN_PASSWORD_LENGTH, maximum: MAX_PASSWORD_LENGTH }).toEqual(lengthLimits(zPassword));
  });

  it('asks for a new password that differs from the current one and is typed twice alike', () => {
    const paths = (values: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      passwordFormSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({ currentPassword: 'old-secret-1', newPassword: 'old-secret-1', confirmPassword: 'old-secret-1' })).toEqual(['newPassword']);
    expect(paths({ currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'new-secret-3' })).toEqual(['confirmPassword']);
    expect(paths({ currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'new-secret-2' })).toEqual([]);
  });
});
