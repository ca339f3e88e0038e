import type { Meta, StoryObj } from '@storybook/react-vite';

const pairs = [
  ['background', 'foreground'],
  ['surface', 'surface-foreground'],
  ['surface-raised', 'surface-raised-foreground'],
  ['muted', 'muted-foreground'],
  ['primary', 'primary-foreground'],
  ['primary-subtle', 'primary-subtle-foreground'],
  ['secondary', 'secondary-foreground'],
  ['accent', 'accent-foreground'],
  ['danger', 'danger-foreground'],
  ['danger-subtle', 'danger-subtle-foreground'],
  ['warning', 'warning-foreground'],
  ['warning-subtle', 'warning-subtle-foreground'],
  ['success', 'success-foreground'],
  ['success-subtle', 'success-subtle-foreground'],
  ['info', 'info-foreground'],
  ['info-subtle', 'info-subtle-foreground'],
  ['nav', 'nav-foreground'],
  ['status-errored', 'status-errored-foreground'],
  ['status-successful', 'status-successful-foreground'],
  ['status-canceled', 'status-canceled-foreground'],
  ['status-in-progress', 'status-in-progress-foreground'],
  ['status-waiting', 'status-waiting-foreground'],
  ['severity-minor', 'severity-minor-foreground'],
  ['severity-moderate', 'severity-moderate-foreground'],
  ['severity-major', 'severity-major-foreground'],
  ['severity-critical', 'severity-critical-foreground'],
  ['terminal', 'terminal-foreground'],
] as const;

const lines = [
  'border',
  'border-strong',
  'input',
  'ring',
  'chart-1',
  'chart-2',
  'chart-3',
  'chart-4',
  'chart-5',
] as const;

function Tokens() {
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">Surface and foreground pairs</h2>
        <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-3">
          {pairs.map(([bg, fg]) => (
            <div
              key={bg}
              className="flex h-16 flex-col justify-center rounded-lg border border-border px-3"
              style={{ background: `var(--${bg})`, color: `var(--${fg})` }}
            >
              <span className="text-sm font-semibold">{bg}</span>
              <span className="font-mono text-xs">--{fg}</span>
            </div>
          ))}
        </div>
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">Lines, focus and charts</h2>
        <div className="flex flex-wrap gap-4">
          {lines.map((name) => (
            <div key={name} className="flex items-center gap-2 text-sm">
              <span
                aria-hidden
                className="size-6 rounded-md border border-border"
                style={{ background: `var(--${name})` }}
              />
              <span className="font-mono text-xs">--{name}</span>
            </div>
          ))}
        </div>
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">Type scale</h2>
        <div className="flex flex-col gap-1">
          <p className="text-2xl font-semibold tracking-tight">Page title · text-2xl</p>
          <p className="text-lg font-semibold">Section title · text-lg</p>
          <p className="text-base font-semibold">Card title · text-base</p>
          <p className="text-sm">Body · text-sm (the console's base size)</p>
          <p className="text-xs text-muted-foreground">Caption · text-xs muted</p>
          <p className="font-mono text-[13px]">Monospace · terraform plan -out=tfplan</p>
        </div>
      </section>
    </div>
  );
}

const meta = { title: 'Foundations/Tokens', component: Tokens } satisfies Meta<typeof Tokens>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Matrix: Story = {};
