import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { toast } from './toast';

function ToastButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        onClick={() =>
          toast.success('Stack created', { description: 'prod-network is ready to deploy.' })
        }
      >
        Success
      </Button>
      <Button variant="outline" onClick={() => toast.info('Switching to Acme Corp')}>
        Info
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toast.warning('Drift detected', { description: '3 resources changed outside Terraform.' })
        }
      >
        Warning
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toast.error('Authentication Fail', { id: 'auth', description: 'Please login again' })
        }
      >
        Error (deduped by id)
      </Button>
    </div>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastButtons,
} satisfies Meta<typeof ToastButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SameIdDedupes: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Error/ });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.click(button);
    const body = within(document.body);
    // sonner (loaded on first use) fades a toast in: it is in the page before it is visible.
    await waitFor(() => expect(body.getByText('Authentication Fail')).toBeVisible());
    await expect(body.getAllByText('Authentication Fail')).toHaveLength(1);
    toast.dismiss();
  },
};

export const Matrix: Story = {
  play: async ({ canvasElement }) => {
    for (const name of ['Success', 'Info', 'Warning', /Error/]) {
      await userEvent.click(within(canvasElement).getByRole('button', { name }));
    }
    // sonner fades a toast in: it is in the page before it is visible.
    await waitFor(() => expect(within(document.body).getByText('Drift detected')).toBeVisible());
  },
};
