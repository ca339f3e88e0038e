import { useLingui } from '@lingui/react/macro';
import { cn, EmptyState, StatusBadge } from '@terrace/design-system';
import type { StackDependencyGraph } from '@terrace/templates/data-access';
import { GitFork } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { layeredLayout } from './dependency-layout';
import { templatePaths } from './template-paths';

const NODE_W = 176;
const NODE_H = 56;
const COL_GAP = 72;
const ROW_GAP = 20;
// Room above the first row for edges that skip a column and arc over the stacks between.
const PAD_TOP = 28;

/**
 * The dependency graph: upstream stacks on the start side, the stacks that depend on them after.
 * Edges are drawn in SVG (mirrored in RTL); the stacks are links placed with logical insets so
 * they stay keyboard-reachable and read in order.
 */
export function DependencyGraph({ graph, currentStackId }: { graph: StackDependencyGraph; currentStackId?: string }) {
  const { t } = useLingui();
  const placed = useMemo(
    () =>
      layeredLayout(
        graph.nodes,
        graph.edges.map((edge) => ({ from: edge.dependsOnStackId, to: edge.stackId })),
        (node) => node.stackId,
      ),
    [graph],
  );
  if (graph.nodes.length === 0) {
    return <EmptyState icon={<GitFork aria-hidden />} title={t`No dependencies`} text={t`No stack here depends on another.`} />;
  }
  const position = new Map(placed.map((p) => [p.node.stackId, { x: p.layer * (NODE_W + COL_GAP), y: PAD_TOP + p.row * (NODE_H + ROW_GAP) }]));
  const width = Math.max(...placed.map((p) => p.layer + 1)) * (NODE_W + COL_GAP) - COL_GAP;
  const height = PAD_TOP + Math.max(...placed.map((p) => p.row + 1)) * (NODE_H + ROW_GAP) - ROW_GAP;
  const names = new Map(graph.nodes.map((node) => [node.stackId, node.name]));
  return (
    <figure className="flex flex-col gap-2">
      <div className="relative overflow-auto rounded-md border border-border bg-surface p-4">
        <div className="relative" style={{ width, height }} data-slot="dependency-graph">
          <svg width={width} height={height} className="absolute inset-0 rtl:-scale-x-100" aria-hidden focusable="false">
            <defs>
              <marker id="dependency-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" className="fill-muted-foreground" />
              </marker>
            </defs>
            {graph.edges.map((edge) => {
              const from = position.get(edge.dependsOnStackId);
              const to = position.get(edge.stackId);
              if (!from || !to) return null;
              const x1 = from.x + NODE_W;
              const y1 = from.y + NODE_H / 2;
              const x2 = to.x;
              const y2 = to.y + NODE_H / 2;
              const mid = (x1 + x2) / 2;
              // An edge that skips a column arcs over the stacks in between instead of running behind them.
              const skips = x2 - x1 > COL_GAP + 1;
              const top = Math.min(from.y, to.y) - PAD_TOP;
              const d = skips
                ? `M${from.x + NODE_W / 2},${from.y} C${from.x + NODE_W / 2},${top} ${to.x + NODE_W / 2},${top} ${to.x + NODE_W / 2},${to.y}`
                : `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`;
              return (
                <path
                  key={edge.id}
                  d={d}
                  className={cn('fill-none stroke-muted-foreground', edge.triggerOption === 'always' ? '' : '[stroke-dasharray:6_4]')}
                  strokeWidth={1.5}
                  markerEnd="url(#dependency-arrow)"
                />
              );
            })}
          </svg>
          <ul aria-label={t`Stacks`}>
            {placed.map(({ node }) => {
              const at = position.get(node.stackId) ?? { x: 0, y: 0 };
              const current = node.stackId === currentStackId;
              return (
                <li key={node.stackId} className="absolute" style={{ insetInlineStart: at.x, top: at.y, width: NODE_W, height: NODE_H }}>
                  <Link
                    to={templatePaths.stack(node.stackId)}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex h-full flex-col justify-center gap-1 rounded-md border bg-background px-3 text-sm shadow-sm outline-none hover:border-primary focus-visible:ring-2 focus-visible:ring-ring',
                      current ? 'border-primary' : 'border-border',
                    )}
                  >
                    <span className="truncate font-medium">{node.name}</span>
                    {node.latestRunStatus && <StatusBadge status={node.latestRunStatus} size="sm" />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {t`Arrows point from a stack to the stacks that depend on it; a dashed arrow runs them only when a referenced output changes.`}
      </figcaption>
      <ul className="sr-only" aria-label={t`Dependencies`}>
        {graph.edges.map((edge) => (
          <li key={edge.id}>{t`${names.get(edge.stackId) ?? edge.stackId} depends on ${names.get(edge.dependsOnStackId) ?? edge.dependsOnStackId}`}</li>
        ))}
      </ul>
    </figure>
  );
}
