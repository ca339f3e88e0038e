import type { TemplateInput } from '@terrace/templates/data-access';
import { splitList, vcsToWire } from './definition-form';
import { toTtl, versionKey, type TemplateFormOutput } from './template-form';

// What the template wizards send: loaded with their checks (template-form.schema.ts), as a submit
// comes only once they passed.

export function formToTemplateInput(values: TemplateFormOutput): TemplateInput {
  const files = splitList(values.varFiles);
  const groups = splitList(values.runnerConfig.groups);
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    iacType: values.iacType,
    vcsInfo: vcsToWire(values.vcsInfo),
    iacConfig: { [versionKey[values.iacType]]: values.iacVersion || null, ...(files.length ? { varFiles: files } : {}) },
    runnerConfig: { mode: values.runnerConfig.mode, ...(groups.length ? { groups } : {}) },
    policy: { ttlConfig: { maxTtl: toTtl(values.maxTtl), defaultTtl: toTtl(values.defaultTtl) } },
    skipStateRefreshOnDestroy: values.skipStateRefreshOnDestroy,
  };
}
