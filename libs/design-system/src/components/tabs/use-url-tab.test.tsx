import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import { useUrlTab } from './use-url-tab';

// A router stand-in with react-router's useSearchParams shape: the state is the URL's query and
// every write is recorded, as a router's history would be.
function useMemorySearchParams(
  initial: string,
  log: { query: string; replace: boolean | undefined }[],
) {
  const [params, setParams] = useState(() => new URLSearchParams(initial));
  const set = (next: URLSearchParams, options?: { replace?: boolean }) => {
    log.push({ query: next.toString(), replace: options?.replace });
    setParams(next);
  };
  return [params, set] as const;
}

function StackTabs({
  initial,
  log,
}: {
  initial: string;
  log: { query: string; replace: boolean | undefined }[];
}) {
  const searchParams = useMemorySearchParams(initial, log);
  const [tab, setTab] = useUrlTab('tab', searchParams, {
    defaultTab: 'runs',
    tabs: ['runs', 'resources', 'settings'],
  });
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList>
        <TabsTrigger value="runs">Runs</TabsTrigger>
        <TabsTrigger value="resources">Resources</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
      </TabsList>
      <TabsContent value="runs">Runs panel</TabsContent>
      <TabsContent value="resources">Resources panel</TabsContent>
      <TabsContent value="settings">Settings panel</TabsContent>
    </Tabs>
  );
}

describe('useUrlTab with Tabs', () => {
  it('opens the tab named in the URL and keeps other parameters', async () => {
    const log: { query: string; replace: boolean | undefined }[] = [];
    const { user } = renderWithProviders(<StackTabs initial="?tab=resources&page=2" log={log} />);
    expect(screen.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Resources panel');

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(log.at(-1)).toEqual({ query: 'tab=settings&page=2', replace: true });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Settings panel');
  });

  it('leaves the default tab out of the URL', async () => {
    const log: { query: string; replace: boolean | undefined }[] = [];
    const { user } = renderWithProviders(<StackTabs initial="?tab=settings" log={log} />);
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    expect(log.at(-1)?.query).toBe('');
  });

  it('falls back to the default for an unknown tab', () => {
    renderWithProviders(<StackTabs initial="?tab=bogus" log={[]} />);
    expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with arrow keys', async () => {
    const log: { query: string; replace: boolean | undefined }[] = [];
    const { user } = renderWithProviders(<StackTabs initial="" log={log} />);
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Resources' })).toHaveFocus();
    expect(log.at(-1)?.query).toBe('tab=resources');
  });
});
