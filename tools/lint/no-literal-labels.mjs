/**
 * ESLint rule `terrace/no-literal-labels`: a user-visible label written as a string literal in a
 * JSX prop (aria-label, title, placeholder, alt, …) or in an object property named like one
 * (`closeButtonAriaLabel: 'Close'`) skips Lingui, so it stays English in every language. Lingui's
 * extraction only sees texts written through its macros; this catches the labels it cannot.
 */
const labelProps =
  /^(aria-(label|description|placeholder|roledescription|valuetext)|title|placeholder|alt|label|description|[a-z]+AriaLabel|ariaLabel)$/;

/**
 * Whether a string is language: "" (decorative alt), "—", an address, a domain or a PEM marker
 * given as an example value are the same in every language.
 */
const hasWords = (value) =>
  typeof value === 'string' &&
  /\p{L}{2,}/u.test(value.replace(/-{3,}.*?-{3,}/g, ' ').replace(/\S*[.:/@]\S*/g, ' '));

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && hasWords(node.value)) return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    const text = node.quasis.map((q) => q.value.cooked).join('');
    return hasWords(text) ? text : null;
  }
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return literalText(node.consequent) ?? literalText(node.alternate);
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

export const noLiteralLabels = {
  meta: {
    type: 'problem',
    docs: { description: 'Labels read by users or assistive technology go through Lingui (t`…`, msg`…`).' },
    schema: [],
    messages: {
      literal: "The {{prop}} '{{text}}' is a literal: write it with t`…` so it is translated (CONVENTIONS: i18n).",
    },
  },
  create(context) {
    const report = (node, prop, text) =>
      context.report({ node, messageId: 'literal', data: { prop, text: text.length > 40 ? `${text.slice(0, 40)}…` : text } });
    return {
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !labelProps.test(name)) return;
        const text = literalText(node.value);
        if (text) report(node, name, text);
      },
      Property(node) {
        const name = node.key?.type === 'Identifier' ? node.key.name : node.key?.type === 'Literal' ? String(node.key.value) : null;
        if (!name || !/(AriaLabel|ariaLabel|aria-label)$/.test(name)) return;
        const text = literalText(node.value);
        if (text) report(node, name, text);
      },
    };
  },
};

export const terracePlugin = { rules: { 'no-literal-labels': noLiteralLabels } };
