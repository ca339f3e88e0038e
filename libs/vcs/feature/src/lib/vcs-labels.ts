import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { VcsAuthType, VcsType } from '@terrace/vcs/data-access';
import { Cloud, GitBranch, Github, Gitlab, Server, type LucideIcon } from 'lucide-react';

/** Each provider type's name and icon, as the type picker and the list show them. */
export const vcsTypeLabels: Record<VcsType, { label: MessageDescriptor; icon: LucideIcon }> = {
  github: { label: msg`GitHub`, icon: Github },
  'github-enterprise': { label: msg`GitHub Enterprise Server`, icon: Github },
  'github-enterprise-app': { label: msg`GitHub Enterprise (GitHub App)`, icon: Github },
  gitlab: { label: msg`GitLab`, icon: Gitlab },
  'gitlab-onprem': { label: msg`GitLab CE/EE (self-managed)`, icon: Gitlab },
  'bitbucket-cloud': { label: msg`Bitbucket Cloud`, icon: GitBranch },
  'bitbucket-data-center': { label: msg`Bitbucket Data Center`, icon: Server },
  'azure-devops': { label: msg`Azure DevOps`, icon: Cloud },
  'azure-devops-server': { label: msg`Azure DevOps Server`, icon: Server },
};

export const vcsAuthTypeLabels: Record<VcsAuthType, MessageDescriptor> = {
  app: msg`GitHub App`,
  token: msg`Access token`,
  password: msg`User name and password`,
  personalToken: msg`Personal access token`,
  groupToken: msg`Group access token`,
  projectToken: msg`Project access token`,
  allAccessOrg: msg`All accessible organizations`,
  specificOrg: msg`One organization`,
};

/** The repository name format of each type (automation.md §3), shown as help. */
export const repoNameFormats: Record<VcsType, string> = {
  github: 'repository',
  'github-enterprise': 'repository',
  'github-enterprise-app': 'repository',
  gitlab: 'group/project',
  'gitlab-onprem': 'group/subgroup/project',
  'bitbucket-cloud': 'workspace/repository',
  'bitbucket-data-center': 'project/repository',
  'azure-devops': 'organization/project/repository',
  'azure-devops-server': 'organization/project/repository',
};
