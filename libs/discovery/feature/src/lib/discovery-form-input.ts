import type { StackDiscoveryConfigurationInput } from '@terrace/discovery/data-access';
import { splitList, versionKey, type DiscoveryFormOutput } from './discovery-form';

// What the discovery wizard sends: loaded with its checks (discovery-form.schema.ts), as a submit
// comes only once they passed.

export function formToDiscoveryInput(values: DiscoveryFormOutput): StackDiscoveryConfigurationInput {
  const { iacType, iacVersion, deployOnPush } = values.stackConfig;
  return {
    name: values.name,
    namespaceId: values.namespaceId,
    ...(values.description ? { description: values.description } : {}),
    vcsPatterns: values.vcsPatterns.map((pattern) => {
      const exclude = splitList(pattern.excludePathPatterns);
      return {
        providerId: pattern.providerId,
        repoName: pattern.repoName,
        pathPatterns: splitList(pattern.pathPatterns),
        ...(exclude.length ? { excludePathPatterns: exclude } : {}),
        ...(pattern.branch ? { branch: pattern.branch } : {}),
      };
    }),
    mode: values.mode,
    stackConfig: {
      iacType,
      ...(iacVersion ? { iacConfig: { [versionKey[iacType]]: iacVersion } } : {}),
      deploymentBehavior: { deployOnPush },
    },
  };
}
