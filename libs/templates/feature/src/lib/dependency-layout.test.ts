import { describe, expect, it } from 'vitest';
import { layeredLayout } from './dependency-layout';

const id = (node: { id: string }) => node.id;
const nodes = ['web', 'app', 'network', 'db'].map((name) => ({ id: name }));

describe('layeredLayout', () => {
  it('puts each stack one column after the furthest stack it depends on', () => {
    const placed = layeredLayout(
      nodes,
      [
        { from: 'network', to: 'app' },
        { from: 'network', to: 'db' },
        { from: 'db', to: 'app' },
        { from: 'app', to: 'web' },
      ],
      id,
    );
    const layerOf = Object.fromEntries(placed.map((p) => [p.node.id, p.layer]));
    expect(layerOf).toEqual({ network: 0, db: 1, app: 2, web: 3 });
  });

  it('orders a column by its upstream rows so edges do not cross needlessly', () => {
    const placed = layeredLayout(
      [{ id: 'a' }, { id: 'b' }, { id: 'y' }, { id: 'x' }],
      [
        { from: 'a', to: 'x' },
        { from: 'b', to: 'y' },
      ],
      id,
    );
    const rowOf = Object.fromEntries(placed.map((p) => [p.node.id, p.row]));
    expect(rowOf['x']).toBeLessThan(rowOf['y'] ?? -1);
  });

  it('survives a cycle and edges to unknown stacks', () => {
    const placed = layeredLayout([{ id: 'a' }, { id: 'b' }], [{ from: 'a', to: 'b' }, { from: 'b', to: 'a' }, { from: 'z', to: 'a' }], id);
    expect(placed).toHaveLength(2);
  });
});
