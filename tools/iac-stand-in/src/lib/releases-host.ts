import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { GpgSigner } from './gpg-signer';
import type { StandInName } from './stand-in-paths';
import { createZip } from './zip-writer';

const cli = resolve(import.meta.dirname, '..', '..', 'cli', 'main.mjs');

export interface ReleasesHost {
  origin: string;
  /** Base URLs in the shape of the runner's release sources (hashicorp, opentofu, …). */
  sources: { hashicorp: string; opentofu: string; opentofuIndex: string; terragrunt: string; terragruntIndex: string };
  /** Paths requested, in order. */
  readonly requests: string[];
  /** The stand-in as a release binary of `name` at `version` (a script; the version is built in). */
  binary(name: StandInName, version: string): Buffer;
  publishTerraform(version: string, signer: GpgSigner | null, binary?: Buffer): void;
  publishTofu(version: string, signer: GpgSigner | null, binary?: Buffer): void;
  publishTerragrunt(version: string, binary?: Buffer): void;
  /** Replaces (or removes, with null) what a path serves: to tamper with a release. */
  set(path: string, data: Buffer | null): void;
  close(): Promise<void>;
}

const platform = () => ({ os: process.platform, arch: process.arch === 'x64' ? 'amd64' : process.arch });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The vendors' release hosts on loopback, laid out as releases.hashicorp.com and the GitHub release
 * downloads of OpenTofu and Terragrunt: zip files (real zips), SHA256SUMS, detached signatures, and
 * the version lists the runner reads for LATEST and constraints.
 */
export async function startReleasesHost(): Promise<ReleasesHost> {
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const terraformVersions = new Set<string>();
  const tofuVersions = new Set<string>();
  const terragruntVersions = new Set<string>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(path);
    let body = files.get(path);
    if (path === '/hashicorp/terraform/index.json') {
      body = Buffer.from(JSON.stringify({ name: 'terraform', versions: Object.fromEntries([...terraformVersions].map((v) => [v, { name: 'terraform', version: v }])) }));
    } else if (path === '/opentofu-index/api.json') {
      body = Buffer.from(JSON.stringify({ versions: [...tofuVersions].map((id) => ({ id, files: [] })) }));
    } else if (path === '/terragrunt-index/releases') {
      body = Buffer.from(JSON.stringify([...terragruntVersions].map((v) => ({ tag_name: `v${v}`, draft: false, prerelease: v.includes('-') }))));
    }
    if (!body) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not Found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const binary = (name: StandInName, version: string) =>
    Buffer.from(`#!/usr/bin/env node\n// IaC stand-in release binary: ${name} ${version}\nprocess.env.TERRACE_STANDIN_VERSION = ${JSON.stringify(version)};\nvoid import(${JSON.stringify(cli)}).then((m) => m.main(${JSON.stringify(name)}));\n`);
  const publishSigned = (dir: string, zipName: string, sumsName: string, sigName: string, entry: string, payload: Buffer, signer: GpgSigner | null) => {
    const zip = createZip([{ name: entry, data: payload }, { name: 'LICENSE.txt', data: Buffer.from('Stand-in licence\n'), mode: 0o644 }]);
    files.set(join(dir, zipName), zip);
    const sums = Buffer.from(`${sha256(Buffer.from('other'))}  ${zipName.replace(/_[a-z0-9]+_[a-z0-9]+\.zip$/, '_windows_amd64.zip')}\n${sha256(zip)}  ${zipName}\n`);
    files.set(join(dir, sumsName), sums);
    if (signer) files.set(join(dir, sigName), signer.sign(sums));
  };
  return {
    origin,
    sources: {
      hashicorp: `${origin}/hashicorp`,
      opentofu: `${origin}/opentofu`,
      opentofuIndex: `${origin}/opentofu-index/api.json`,
      terragrunt: `${origin}/terragrunt`,
      terragruntIndex: `${origin}/terragrunt-index/releases`,
    },
    requests,
    binary,
    publishTerraform(version, signer, payload) {
      const { os, arch } = platform();
      terraformVersions.add(version);
      publishSigned(`/hashicorp/terraform/${version}`, `terraform_${version}_${os}_${arch}.zip`, `terraform_${version}_SHA256SUMS`, `terraform_${version}_SHA256SUMS.72D7468F.sig`, 'terraform', payload ?? binary('terraform', version), signer);
    },
    publishTofu(version, signer, payload) {
      const { os, arch } = platform();
      tofuVersions.add(version);
      publishSigned(`/opentofu/v${version}`, `tofu_${version}_${os}_${arch}.zip`, `tofu_${version}_SHA256SUMS`, `tofu_${version}_SHA256SUMS.gpgsig`, 'tofu', payload ?? binary('tofu', version), signer);
    },
    publishTerragrunt(version, payload) {
      const { os, arch } = platform();
      terragruntVersions.add(version);
      const data = payload ?? binary('terragrunt', version);
      files.set(`/terragrunt/v${version}/terragrunt_${os}_${arch}`, data);
      files.set(`/terragrunt/v${version}/SHA256SUMS`, Buffer.from(`${sha256(data)}  terragrunt_${os}_${arch}\n`));
    },
    set(path, data) {
      if (data === null) files.delete(path);
      else files.set(path, data);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
