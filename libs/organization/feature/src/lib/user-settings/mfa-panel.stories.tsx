import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MfaPanel } from './mfa-panel';

const meta = {
  title: 'Organization/MfaPanel',
  component: MfaPanel,
  args: {
    enabled: false,
    onGenerate: fn(async () => ({
      otpauthUrl: 'otpauth://totp/Terrace:ada%40example.com?issuer=Terrace&secret=JBSWY3DPEHPK3PXP',
      secret: 'JBSWY3DPEHPK3PXP',
    })),
    onEnable: fn(async () => undefined),
    onDisable: fn(async () => undefined),
  },
} satisfies Meta<typeof MfaPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { enabled: true } };
export const RequiredByOrganization: Story = { args: { enabled: true, required: true } };

export const SettingUp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Set up two-factor authentication' }));
    await expect(await canvas.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
  },
};
