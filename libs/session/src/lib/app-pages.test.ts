import { describe, expect, it } from 'vitest';
import { composePages, lazyPage, type AppPages, type LazyPage } from './app-pages';

const page: LazyPage = lazyPage(async () => () => null);

describe('composePages', () => {
  it('puts every feature’s pages under their route ids', () => {
    const pages = composePages({ namespaces: page } satisfies AppPages, { team: page } satisfies AppPages);
    expect(Object.keys(pages).sort()).toEqual(['namespaces', 'team']);
  });

  it('refuses a page whose id the route table does not know', () => {
    // @ts-expect-error -- an unknown route id does not satisfy AppPages
    const misspelt = { namespacez: page } satisfies AppPages;
    expect(() => composePages(misspelt)).toThrow("Page 'namespacez' is not a route id");
  });

  it('refuses two features claiming the same route', () => {
    expect(() => composePages({ namespaces: page }, { namespaces: page })).toThrow("Route 'namespaces' has pages from two features.");
  });

  it('loads the component when the route asks for it', async () => {
    const Component = () => null;
    await expect(lazyPage(async () => Component)()).resolves.toEqual({ Component });
  });
});
