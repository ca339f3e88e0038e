import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CodeBlock } from './code-block';

const hcl = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = "~> 5.0" }
  }
}

resource "aws_s3_bucket" "logs" {
  bucket = "acme-terraform-logs"
  tags   = { Environment = "prod" }
}`;

const E = '\u001b';
const planOutput = [
  `${E}[1mTerraform used the selected providers to generate the following execution plan.${E}[0m`,
  `  ${E}[32m+${E}[0m create`,
  `  ${E}[33m~${E}[0m update in-place`,
  `  ${E}[31m-${E}[0m destroy`,
  '',
  `${E}[1m${E}[32mPlan:${E}[0m 3 to add, 1 to change, 0 to destroy.`,
].join('\n');

const meta = {
  title: 'Data/CodeBlock',
  component: CodeBlock,
  args: { code: hcl, title: 'main.tf', lineNumbers: true, ansi: false, copyable: true },
} satisfies Meta<typeof CodeBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy to clipboard' }));
    // The toast slides in, so it is present before it is fully visible.
    await expect(await within(document.body).findByText('Code copied to clipboard')).toBeInTheDocument();
  },
};
export const AnsiOutput: Story = {
  args: { code: planOutput, title: 'terraform plan', ansi: true, lineNumbers: false },
};

const palette = Array.from(
  { length: 16 },
  (_, i) =>
    `${E}[${i < 8 ? 30 + i : 90 + i - 8}mcolour ${i}${E}[0m ${E}[1;${i < 8 ? 30 + i : 90 + i - 8}mbold${E}[0m ${E}[${i < 8 ? 40 + i : 100 + i - 8}mbackground${E}[0m`,
).join('\n');

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-4xl gap-4">
      <CodeBlock code={'echo "no title, no line numbers"'} />
      <CodeBlock title="All 16 ANSI colours" ansi code={palette} />
      <CodeBlock title="Not copyable" copyable={false} lineNumbers code={hcl} maxHeight={160} />
    </div>
  ),
};
