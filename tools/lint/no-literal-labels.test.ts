import { RuleTester } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, it } from 'vitest';
import { noLiteralLabels } from './no-literal-labels.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-labels', noLiteralLabels, {
  valid: [
    { code: 'const a = <button aria-label={t`Close dialog`}>x</button>;' },
    { code: 'const a = <img alt="" src="a.png" />;' },
    { code: 'const a = <input placeholder="https://login.example.com" />;' },
    { code: 'const a = <textarea placeholder="-----BEGIN CERTIFICATE-----" />;' },
    { code: 'const a = <input placeholder="example.com, example.org" />;' },
    { code: 'const a = <span title={name}>{name}</span>;' },
    { code: 'const o = { closeButtonAriaLabel: t`Close message` };' },
  ],
  invalid: [
    { code: 'const a = <button aria-label="Close dialog">x</button>;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <span title={n > 1 ? 'Many items' : 'One item'}>{n}</span>;", errors: [{ messageId: 'literal' }] },
    { code: 'const a = <input placeholder={`Search stacks`} />;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <img alt="Company logo" src="a.png" />;', errors: [{ messageId: 'literal' }] },
    { code: '<FormField label="Runner groups" />;', errors: [{ messageId: 'literal' }] },
    { code: "const o = { closeButtonAriaLabel: 'Close toast' };", errors: [{ messageId: 'literal' }] },
    { code: "const a = <section aria-label={'Notifications alt+T'} />;", errors: [{ messageId: 'literal' }] },
  ],
});
