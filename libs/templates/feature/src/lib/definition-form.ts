// What the template and blueprint forms share at run time (their checks share
// template-form.schema.ts's fields): each wizard loads only its own form module and this one.

/** A comma-separated line as a list, without empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A definition's code as the contract takes it: an empty branch or path is left out. */
export function vcsToWire(vcs: { providerId: string; repoName: string; branch: string; path: string }) {
  return { providerId: vcs.providerId, repoName: vcs.repoName, ...(vcs.branch ? { branch: vcs.branch } : {}), ...(vcs.path ? { path: vcs.path } : {}) };
}
