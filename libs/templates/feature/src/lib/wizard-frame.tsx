import { useLingui } from '@lingui/react/macro';
import { FormWizardEntity, FormWizardFrame, type DetailPageQuery } from '@terrace/design-system';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { templatePaths } from './template-paths';

/** Where the templates wizards sit: the templates list, then the template or blueprint they start from. */
export function useTemplateWizardTrail(parent?: { name: string; id: string }) {
  const { t } = useLingui();
  return [
    <Link key="list" to={templatePaths.list()}>{t`Self-Service Templates`}</Link>,
    parent && (
      <Link key="parent" to={templatePaths.details(parent.id)}>
        {parent.name}
      </Link>
    ),
  ];
}

/** The header of the templates wizards: where it sits, and what is being made or edited. */
export function WizardFrame({ title, parent, current, children }: { title: string; parent?: { name: string; id: string }; current: string; children: ReactNode }) {
  return (
    <FormWizardFrame title={title} trail={useTemplateWizardTrail(parent)} current={current}>
      {children}
    </FormWizardFrame>
  );
}

/**
 * The object a stack wizard starts from (a template or a blueprint) and the namespaces it is mapped
 * to: a skeleton while either loads, the error when one cannot, then the wizard for both.
 */
export function WithMappings<T>({
  title,
  query,
  mappings,
  children,
}: {
  title: string;
  query: DetailPageQuery<T>;
  mappings: DetailPageQuery<string[]>;
  children: (data: T, namespaces: string[]) => ReactNode;
}) {
  return (
    <FormWizardEntity query={query} title={title}>
      {(data) => (
        <FormWizardEntity query={mappings} title={title}>
          {(namespaces) => children(data, namespaces)}
        </FormWizardEntity>
      )}
    </FormWizardEntity>
  );
}
