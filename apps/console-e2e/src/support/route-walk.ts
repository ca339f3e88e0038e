import { expect, type Page } from 'playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The catalog files and the route table themselves, read in Node: the libraries' entry points
// bring React and Lingui's macros, which the test runner does not compile.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { readCatalog } from '../../../../libs/i18n/scripts/po.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { appRoutes } from '../../../../libs/session/src/lib/app-routes';

/** Ids in the API's own formats that name nothing: detail pages show their not-found state. */
const missingIds: Record<string, string> = { namespaceId: 'ns-0000missing', teamId: 'team-0000missing' };

/** Every authenticated route of spec §2.2; `ids` fills parameters with real ids, the rest name nothing. */
export function everyAppPath(ids: Record<string, string> = {}): string[] {
  return Object.values(appRoutes).map(
    (route) => `/app/${route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => ids[name] ?? missingIds[name] ?? 'missing-id')}`,
  );
}

/**
 * Organization settings sections the routes do not show by themselves (the settings route opens
 * its default section), with what they open: the runner groups with a group's runners and tokens.
 */
export function settingsSectionPaths(ids: { runnerGroupId?: string } = {}): string[] {
  return [`/app/organization/setting?id=runner-groups${ids.runnerGroupId ? `&group=${ids.runnerGroupId}` : ''}`];
}

export type WalkLocale = 'zh' | 'fr' | 'ja';

/**
 * The English texts of the catalog that must not show in `locale`: every source message whose
 * translation differs, as an exact matcher (placeholders match anything).
 */
export function untranslatedMatchers(locale: WalkLocale): { text: string; test: (s: string) => boolean }[] {
  const translated = new Map(readCatalog(locale).map((e) => [`${e.context ?? ''}\u0004${e.msgid}`, e.msgstr]));
  const matchers: { text: string; test: (s: string) => boolean }[] = [];
  for (const entry of readCatalog('en')) {
    const english = entry.msgstr || entry.msgid;
    const local = translated.get(`${entry.context ?? ''}\u0004${entry.msgid}`);
    // Short words ("OK", "ID") and texts the translation keeps as they are (brand names) prove nothing.
    if (!local || local === english || !/[A-Za-z]{3,}/.test(english.replace(/\{[^}]*\}/g, ''))) continue;
    if (english.includes('{')) {
      const parts = english.split(/\{[^}]*\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const fixed = parts.join('').replace(/[^A-Za-z]/g, '');
      if (fixed.length < 6) continue; // "{count} items": nothing English enough to recognise
      // "{0} version" → "version {0}": when the translation keeps every English word, a local text
      // around them ("Moteur et version") cannot be told from the English one.
      const words = english.replace(/\{[^}]*\}/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
      if (words.every((word) => local.toLowerCase().includes(word.toLowerCase()))) continue;
      const re = new RegExp(`^${parts.join('.+?')}$`);
      matchers.push({ text: english, test: (s) => re.test(s) });
    } else {
      matchers.push({ text: english, test: (s) => s === english });
    }
  }
  return matchers;
}

/** The texts a user meets on the page: each visible line, and the labels assistive technology reads. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    for (const line of document.body.innerText.split('\n')) if (line.trim()) texts.add(line.trim());
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/** Words that stay in Latin letters in every language: brands, products, acronyms. */
const keptNames = new Set(
  `Terrace AWS Azure GCP Terraform Terragrunt OpenTofu IaC SSO MFA API URL VCS SAML OIDC Datadog Cloudflare GitHub GitLab
  Bitbucket Slack Teams Okta MongoDB Atlas Databricks Confluent VMware vcd HCL JSON YAML CSV TOTP DR SDK CLI HTTP HTTPS ID
  Ctrl Alt Shift Enter Esc Tab alt OPA Rego CIS FSBP PCI DSS NIST CloudTrail KMS EBS RDS EFS ELB IAM IMDSv`.split(/\s+/),
);

/**
 * In Chinese and Japanese every sentence is written in their scripts: a line in Latin letters
 * only is English that skipped the catalog (a library's own label, a server text), unless its
 * words are names or the user's own data.
 */
export function latinOnlyLines(texts: string[], userData: string[]): string[] {
  const own = userData.map((s) => s.toLowerCase());
  return texts.filter((text) => {
    if (!/^[\x20-\x7E\u2026\u2013\u2014\u2019]+$/.test(text)) return false;
    if (own.some((value) => text.toLowerCase().includes(value))) return false;
    // Addresses, links, ids and commands to type are the same in every language.
    if (/^[\w.+-]+@[\w.-]+$/.test(text) || /^(https?:|\/|terraform )/.test(text) || /^[a-z]+-[\w-]+$/.test(text)) return false;
    const words = text.match(/[A-Za-z]{3,}/g) ?? [];
    return words.some((word) => !keptNames.has(word));
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe with WCAG 2 A/AA and best practices (heading-order among them); answers "rule at target" lines. */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Waits until the route has settled: the loader gone, a heading or an error shown. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('main h1, main [role="alert"], main h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}
