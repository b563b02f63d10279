/**
 * The layering rule of the source tree, checked on every import (static and dynamic, types too): a
 * file imports only from its own layer or a lower one, and a game's files only from their own game.
 * Layers, lowest first: engine; io, stats, tune, charts (support); games; strategies; each game's
 * analyses (src/games/<game>/analyses); the catalog; parallel, run, report; the CLI.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository (this file is test/layers.test.ts). */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Layer rank and game (if any) of a repository path such as src/games/sevn/engine.ts. */
export function layerOf(path: string): { rank: number; name: string; game: string | null } {
  const p = path.replace(/\\/g, '/');
  const game = /^(?:src\/games|strategies)\/([^/]+)\//.exec(p)?.[1] ?? null;
  if (p.startsWith('src/engine/')) return { rank: 0, name: 'engine', game: null };
  if (/^src\/(io|stats|tune|charts)\//.test(p)) return { rank: 1, name: 'support', game: null };
  if (/^src\/games\/[^/]+\/analyses\//.test(p)) return { rank: 4, name: 'analyses', game };
  if (p.startsWith('src/games/')) return { rank: 2, name: 'games', game };
  if (p.startsWith('strategies/')) return { rank: 3, name: 'strategies', game };
  if (p === 'src/catalog.ts' || p === 'src/plugins.ts') return { rank: 5, name: 'catalog', game: null };
  if (/^src\/(parallel|run|report)\//.test(p)) return { rank: 6, name: 'run/report', game: null };
  if (p.startsWith('src/cli/')) return { rank: 7, name: 'cli', game: null };
  throw new Error(`${p}: in no layer; add its folder to layerOf`);
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const p = `${dir}/${d.name}`;
    if (d.isDirectory()) return sources(p);
    return d.name.endsWith('.ts') ? [p] : [];
  });
}

/** Relative imports of a source file: `from '...'`, `import '...'` and `import('...')`, resolved to repository paths. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g)) {
    out.push(relative(root, resolve(root, dirname(file), m[1])).replace(/\.js$/, '.ts'));
  }
  return out;
}

/** Every import that breaks the rule, as "importer -> imported (why)". */
export function violations(files: readonly { path: string; text: string }[]): string[] {
  const bad: string[] = [];
  for (const f of files) {
    const from = layerOf(f.path);
    for (const target of importsOf(f.path, f.text)) {
      const to = layerOf(target);
      if (to.rank > from.rank) bad.push(`${f.path} -> ${target} (${from.name} imports ${to.name}, a higher layer)`);
      else if (from.game !== null && to.game !== null && from.game !== to.game) bad.push(`${f.path} -> ${target} (game ${from.game} imports game ${to.game})`);
    }
  }
  return bad;
}

describe('layering', () => {
  it('no source file imports from a higher layer or from another game', () => {
    const files = [...sources('src'), ...sources('strategies')].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('the check catches an upward import, a dynamic one, and one across games', () => {
    expect(violations([{ path: 'src/engine/x.ts', text: "import type { A } from '../games/entry.js';" }])).toHaveLength(1);
    expect(violations([{ path: 'src/games/sevn/x.ts', text: "const m = await import('../../catalog.js');" }])).toHaveLength(1);
    expect(violations([{ path: 'src/games/sevn/analyses/x.ts', text: "import { y } from '../../../run/simulate.js';" }])).toHaveLength(1);
    expect(violations([{ path: 'strategies/sevn/x.ts', text: "import { y } from '../../src/games/sevenfall/view.js';" }])).toHaveLength(1);
    expect(violations([{ path: 'src/games/sevn/analyses/x.ts', text: "import { y } from '../../../../strategies/sevn/index.js';\nimport { z } from '../../../engine/rng.js';" }])).toEqual([]);
  });
});
