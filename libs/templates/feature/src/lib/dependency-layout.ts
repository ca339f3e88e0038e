/** A node placed by the layered layout: its layer (column) and its order in the layer (row). */
export interface PlacedNode<N> {
  node: N;
  layer: number;
  row: number;
}

/**
 * A layered (Sugiyama-style) layout, small enough to need no library: each node's layer is the
 * longest path from a stack nothing feeds (upstream left, downstream right), then each layer is
 * ordered by the mean row of its upstream neighbours (two sweeps) so edges cross less. Cycles are
 * refused by the server; should one arrive, the nodes on it stay in the layer they reached.
 */
export function layeredLayout<N>(nodes: readonly N[], edges: readonly { from: string; to: string }[], idOf: (node: N) => string): PlacedNode<N>[] {
  const ids = nodes.map(idOf);
  const known = new Set(ids);
  const upstream = new Map<string, string[]>(ids.map((id) => [id, []]));
  const downstream = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const edge of edges) {
    if (!known.has(edge.from) || !known.has(edge.to) || edge.from === edge.to) continue;
    upstream.get(edge.to)?.push(edge.from);
    downstream.get(edge.from)?.push(edge.to);
  }
  // Longest path layering (Kahn's order, so each node is placed after all its upstreams).
  const layer = new Map<string, number>(ids.map((id) => [id, 0]));
  const pending = new Map<string, number>(ids.map((id) => [id, upstream.get(id)?.length ?? 0]));
  const queue = ids.filter((id) => pending.get(id) === 0);
  for (let i = 0; i < queue.length; i += 1) {
    const id = queue[i] as string;
    for (const next of downstream.get(id) ?? []) {
      layer.set(next, Math.max(layer.get(next) ?? 0, (layer.get(id) ?? 0) + 1));
      const left = (pending.get(next) ?? 0) - 1;
      pending.set(next, left);
      if (left === 0) queue.push(next);
    }
  }
  const layers: string[][] = [];
  for (const id of ids) {
    const index = layer.get(id) ?? 0;
    (layers[index] ??= []).push(id);
  }
  const row = new Map<string, number>();
  layers.forEach((members) => members.forEach((id, index) => row.set(id, index)));
  const mean = (list: readonly string[]) => (list.length === 0 ? Number.POSITIVE_INFINITY : list.reduce((sum, id) => sum + (row.get(id) ?? 0), 0) / list.length);
  for (let sweep = 0; sweep < 2; sweep += 1) {
    for (const members of layers.slice(1)) {
      const order = members.map((id, index) => ({ id, index, key: mean(upstream.get(id) ?? []) }));
      order.sort((a, b) => (a.key === b.key ? a.index - b.index : a.key - b.key));
      order.forEach(({ id }, index) => row.set(id, index));
      members.splice(0, members.length, ...order.map(({ id }) => id));
    }
  }
  const byId = new Map(nodes.map((node) => [idOf(node), node]));
  return ids.map((id) => ({ node: byId.get(id) as N, layer: layer.get(id) ?? 0, row: row.get(id) ?? 0 }));
}
