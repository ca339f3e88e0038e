import { useQuery } from '@tanstack/react-query';
import { FormWizardEntity } from '@terrace/design-system';
import { useApiClient } from '@terrace/session';
import { stacksQueries, type Stack } from '@terrace/stacks/data-access';
import type { ReactNode } from 'react';

/** Loads the stack a wizard starts from (edit, or clone's ?stackId=). */
export function WithStack({ stackId, title, children }: { stackId: string; title: string; children: (stack: Stack) => ReactNode }) {
  const client = useApiClient();
  const stack = useQuery(stacksQueries.detail(client, stackId));
  return (
    <FormWizardEntity query={stack} title={title}>
      {children}
    </FormWizardEntity>
  );
}
