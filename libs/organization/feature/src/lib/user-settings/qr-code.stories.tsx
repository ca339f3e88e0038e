import type { Meta, StoryObj } from '@storybook/react-vite';
import { QrCode } from './qr-code';

const meta = {
  title: 'Organization/QrCode',
  component: QrCode,
  args: {
    value: 'otpauth://totp/Terrace:ada%40example.com?issuer=Terrace&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    label: 'QR code to add this account to an authenticator app',
  },
} satisfies Meta<typeof QrCode>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Small: Story = { args: { size: 128 } };
