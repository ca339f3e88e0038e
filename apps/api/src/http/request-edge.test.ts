import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, maxJsonDepth } from './request-edge';

describe('exceedsJsonDepth', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('accepts the limit and refuses one level more, arrays and objects alike', () => {
    expect(exceedsJsonDepth(nested(maxJsonDepth))).toBe(false);
    expect(exceedsJsonDepth(nested(maxJsonDepth + 1))).toBe(true);
    expect(exceedsJsonDepth(`${'{"a":'.repeat(maxJsonDepth + 1)}1${'}'.repeat(maxJsonDepth + 1)}`)).toBe(true);
  });

  it('counts depth, not brackets: siblings do not add up', () => {
    expect(exceedsJsonDepth(`[${Array.from({ length: 1000 }, () => '[[]]').join(',')}]`)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ entity: { name: '['.repeat(1000) } }))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ entity: { name: `"\\${'{'.repeat(1000)}` } }))).toBe(false);
    expect(exceedsJsonDepth(`{"a":"\\"",${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}}`)).toBe(true);
  });
});
