// The git hosts of the console's end-to-end run, in a process of their own (the e2e project may not
// import server libraries): a real repository served by git's own HTTP backend on loopback, and
// the hosts' REST stand-in listing it as a GitHub organization's repository. Prints one JSON line
// ({ endpoints, githubOrg, token, repository, mainCommit, gitUrl }) once listening; runs until it is stopped.
//
//   tsx apps/api/src/testing/e2e-git-hosts.ts
import { startGitHttpServer, TestRepositories } from '@terrace/git/testing';
import { startVcsHostStandIn } from '@terrace/vcs-hosts/testing';

const token = 'ghp_e2eStandInToken0001';
const githubOrg = 'acme';

async function main() {
  const repos = await TestRepositories.create();
  const mainCommit = await repos.create('infrastructure', {
    'README.md': '# Acme infrastructure\n',
    'envs/prod/main.tf': [
      'terraform {',
      '  required_version = ">= 1.5.0"',
      '}',
      '',
      'variable "region" {',
      '  type        = string',
      '  default     = "eu-west-1"',
      '  description = "Where the network lives"',
      '}',
      '',
      'variable "instance_count" {',
      '  type    = number',
      '  default = 2',
      '}',
      '',
      'variable "db_password" {',
      '  type      = string',
      '  sensitive = true',
      '}',
      '',
      'resource "null_resource" "network" {}',
      '',
    ].join('\n'),
    'envs/staging/main.tf': 'variable "region" {\n  default = "eu-central-1"\n}\n',
    'modules/vpc/main.tf': 'variable "cidr" {}\n',
    // Stacks the e2e runner executes with the IaC stand-in (runs, policies and drift, templates).
    'stacks/app/main.tf': [
      'resource "null_resource" "app" {',
      '  triggers = { name = "app" }',
      '}',
      '',
      'output "greeting" {',
      '  value = "hello world"',
      '}',
      '',
    ].join('\n'),
    'stacks/logs/main.tf': [
      'resource "aws_s3_bucket" "logs" {',
      '  bucket = "acme-logs"',
      '  tags   = { team = "platform" }',
      '}',
      '',
    ].join('\n'),
    'stacks/preview/main.tf': ['resource "null_resource" "preview" {', '  triggers = { name = "preview" }', '}', ''].join('\n'),
    // Downstream of stacks/app in the dependencies journey: its input is app's output (outside
    // stacks/, whose three folders the discovery journey finds).
    'consumers/web/main.tf': [
      'variable "greeting" {',
      '  type = string',
      '}',
      '',
      'resource "null_resource" "web" {',
      '  triggers = { name = "web" }',
      '}',
      '',
      'output "message" {',
      '  value = var.greeting',
      '}',
      '',
    ].join('\n'),
  });
  const featureCommit = await repos.commit('infrastructure', { 'envs/prod/extra.tf': 'locals {}\n' }, 'feature/network');
  const git = await startGitHttpServer({ root: repos.root, credentials: { username: 'x-access-token', password: token } });
  const standIn = await startVcsHostStandIn({
    token,
    repositories: [
      {
        owner: githubOrg,
        name: 'infrastructure',
        defaultBranch: 'main',
        // The API knows the branches git serves (blueprints open pull requests from main's commit).
        branches: [
          { name: 'main', commit: mainCommit },
          { name: 'feature/network', commit: featureCommit },
        ],
        httpUrl: git.urlOf('infrastructure'),
      },
    ],
  });
  process.stdout.write(`${JSON.stringify({ endpoints: standIn.endpoints, githubOrg, token, repository: 'infrastructure', mainCommit, gitUrl: git.urlOf('infrastructure') })}\n`);

  const stop = async () => {
    await standIn.close();
    await git.close();
    await repos.dispose();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
