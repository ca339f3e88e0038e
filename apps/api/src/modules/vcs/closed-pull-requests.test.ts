import { describe, expect, it } from 'vitest';
import { closedPullRequestOf } from './webhook-events';

// A pull request's closing in each host's delivery shape (blueprint stacks wait for theirs).

describe('closedPullRequestOf', () => {
  it('reads GitHub pull_request closed, merged or not, with the repository as stacks name it', () => {
    const payload = (merged: boolean) => ({
      action: 'closed',
      number: 7,
      pull_request: { number: 7, merged, merge_commit_sha: merged ? 'a'.repeat(40) : null },
      repository: { name: 'infra', full_name: 'acme/infra', owner: { login: 'acme' } },
    });
    expect(closedPullRequestOf('github', { 'x-github-event': 'pull_request' }, payload(true), 'acme')).toEqual({
      repoNames: ['acme/infra', 'infra'],
      number: 7,
      merged: true,
      mergeCommit: 'a'.repeat(40),
    });
    expect(closedPullRequestOf('github', { 'x-github-event': 'pull_request' }, payload(false))).toMatchObject({ repoNames: ['acme/infra'], merged: false });
    expect(closedPullRequestOf('github', { 'x-github-event': 'pull_request' }, { ...payload(true), action: 'opened' })).toBeNull();
    expect(closedPullRequestOf('github', { 'x-github-event': 'push' }, payload(true))).toBeNull();
  });

  it('reads GitLab merge request merge and close', () => {
    const payload = (action: string) => ({
      object_kind: 'merge_request',
      project: { path_with_namespace: 'acme/infra/network' },
      object_attributes: { iid: 3, action, merge_commit_sha: 'b'.repeat(40) },
    });
    expect(closedPullRequestOf('gitlab', {}, payload('merge'))).toEqual({ repoNames: ['acme/infra/network'], number: 3, merged: true, mergeCommit: 'b'.repeat(40) });
    expect(closedPullRequestOf('gitlab', {}, payload('close'))).toMatchObject({ merged: false });
    expect(closedPullRequestOf('gitlab', {}, payload('update'))).toBeNull();
  });

  it('reads Bitbucket Data Center merged, declined and deleted, named by the target repository', () => {
    const payload = (eventKey: string) => ({
      eventKey,
      pullRequest: { id: 4, toRef: { repository: { slug: 'infra', project: { key: 'OPS' } } }, properties: { mergeCommit: { id: 'd'.repeat(40) } } },
    });
    expect(closedPullRequestOf('bitbucketDataCenter', { 'x-event-key': 'pr:merged' }, payload('pr:merged'))).toEqual({ repoNames: ['OPS/infra'], number: 4, merged: true, mergeCommit: 'd'.repeat(40) });
    expect(closedPullRequestOf('bitbucketDataCenter', {}, payload('pr:declined'))).toMatchObject({ merged: false });
    expect(closedPullRequestOf('bitbucketDataCenter', {}, payload('pr:deleted'))).toMatchObject({ merged: false });
    expect(closedPullRequestOf('bitbucketDataCenter', {}, payload('pr:opened'))).toBeNull();
  });

  it('reads Azure DevOps completed and abandoned pull requests', () => {
    const payload = (eventType: string, status: string) => ({
      eventType,
      resource: {
        pullRequestId: 12,
        status,
        lastMergeCommit: { commitId: 'e'.repeat(40) },
        repository: { name: 'infra', project: { name: 'Platform' }, remoteUrl: 'https://dev.azure.com/contoso/Platform/_git/infra' },
      },
    });
    expect(closedPullRequestOf('azureDevops', {}, payload('git.pullrequest.updated', 'completed'))).toEqual({ repoNames: ['contoso/Platform/infra'], number: 12, merged: true, mergeCommit: 'e'.repeat(40) });
    expect(closedPullRequestOf('azureDevops', {}, payload('git.pullrequest.merged', 'completed'))).toMatchObject({ merged: true });
    expect(closedPullRequestOf('azureDevops', {}, payload('git.pullrequest.updated', 'abandoned'))).toMatchObject({ merged: false });
    expect(closedPullRequestOf('azureDevops', {}, payload('git.pullrequest.updated', 'active'))).toBeNull();
    // A merge attempted (still active) is not the pull request's completion.
    expect(closedPullRequestOf('azureDevops', {}, payload('git.pullrequest.merged', 'active'))).toBeNull();
  });

  it('reads Bitbucket Cloud fulfilled and rejected', () => {
    const payload = { repository: { full_name: 'ws/infra' }, pullrequest: { id: 9, merge_commit: { hash: 'c'.repeat(12) } } };
    expect(closedPullRequestOf('bitbucketCloud', { 'x-event-key': 'pullrequest:fulfilled' }, payload)).toEqual({ repoNames: ['ws/infra'], number: 9, merged: true, mergeCommit: 'c'.repeat(12) });
    expect(closedPullRequestOf('bitbucketCloud', { 'x-event-key': 'pullrequest:rejected' }, payload)).toMatchObject({ merged: false });
    expect(closedPullRequestOf('bitbucketCloud', { 'x-event-key': 'pullrequest:created' }, payload)).toBeNull();
    expect(closedPullRequestOf('azureDevops', {}, payload)).toBeNull();
  });
});
