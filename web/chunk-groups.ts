import path from 'node:path';
import { ANTD_STYLE_MODULE } from './antd-styles.ts';

/**
 * Which modules the build puts in one file. The bundler's own split gives a file per set of lazy
 * parts that share a module, and the personal centre came as some 65 small scripts: a browser
 * fetches only six at a time from one host over HTTP/1.1, so its first view waited on about ten
 * rounds of requests. Modules that always load together are grouped instead:
 *
 * - `react`: React, React DOM, React Router (every page);
 * - `entry`: everything else the entry imports (every page);
 * - `antd-theme`: antd's theme and what it needs (every page drawn with antd);
 * - `personal-centre-shell`: the personal centre's frame, what its home module shares with two or
 *   more other module pages, and the styles of the antd parts the home module shows (every `/home`
 *   page);
 * - `personal-centre`: what only the personal centre's home module and its dialogs use.
 *
 * Everything else keeps the bundler's split. The byte budgets (bench/src/scenarios/bundle.ts) say
 * whether a page now loads more than it needs.
 */

type ModuleInfo = {
  id: string;
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
};
type Context = { getModuleInfo(id: string): ModuleInfo | null };

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const ENTRY = src('main.tsx');
const THEME = src('shared/antd-theme.tsx');
const SHELL = src('app/shell/personal-centre-shell.tsx');
const MODULES = src('app/modules.ts');
const HOME_MODULE = src('features/personal-centre/personal-centre-page.tsx');

export const REACT = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

/**
 * Packages imported through one index that re-exports every part (`import { Card } from 'antd'`):
 * the module graph links such an import to every part, so the part actually named is looked up.
 */
const BARRELS: readonly { package: string; index: RegExp; part: (name: string) => string }[] = [
  {
    package: 'antd',
    index: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
    part: (name) => `/antd/es/${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}/index.js`,
  },
  {
    package: '@ant-design/icons',
    index: /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
    part: (name) => `/@ant-design/icons/es/icons/${name}.js`,
  },
];

function namedImports(code: string, pkg: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg.replace('/', '\\/')}["']`, 'g');
  for (const match of code.matchAll(pattern)) {
    for (const item of match[1]!.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  }
  return names;
}

/** The modules an import of a barrel really reaches: the index's parts the importer names. */
function barrelParts(ctx: Context, importer: ModuleInfo, barrelId: string): string[] | undefined {
  const barrel = BARRELS.find((b) => b.index.test(barrelId));
  if (!barrel) return undefined;
  const candidates = new Set<string>();
  const index = ctx.getModuleInfo(barrelId);
  for (const id of index?.importedIds ?? []) {
    candidates.add(id);
    for (const inner of ctx.getModuleInfo(id)?.importedIds ?? []) candidates.add(inner);
  }
  const parts: string[] = [];
  for (const name of namedImports(importer.code ?? '', barrel.package)) {
    const suffix = barrel.part(name);
    const found = [...candidates].find((id) => id.replaceAll('\\', '/').endsWith(suffix));
    // A name not found as a part (a helper such as `theme`'s token hooks) keeps the whole index.
    if (!found) return undefined;
    parts.push(found);
  }
  return parts;
}

/** Every module reachable from `roots`, following the edges `next` names for each module. */
function reachable(ctx: Context, roots: readonly string[], next: (info: ModuleInfo) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (info) stack.push(...next(info));
  }
  return seen;
}

/** What `roots` import statically, an import of a barrel reaching only the parts it names. */
function staticClosure(ctx: Context, roots: readonly string[]): Set<string> {
  return reachable(ctx, roots, (info) =>
    info.importedIds.flatMap((imported) => barrelParts(ctx, info, imported) ?? [imported]),
  );
}

/** The entry and every module that something imports lazily. */
function lazyRoots(ctx: Context): string[] {
  const all = reachable(ctx, [ENTRY], (info) => [...info.importedIds, ...info.dynamicallyImportedIds]);
  const roots = new Set([ENTRY]);
  for (const id of all) for (const lazy of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) roots.add(lazy);
  return [...roots];
}

function plan(ctx: Context): Map<string, string> {
  const group = new Map<string, string>();
  // The entry and the lazily imported modules keep files of their own, which import the groups:
  // the bundler does not export a lazy module's namespace from a group's file.
  const roots = lazyRoots(ctx);
  for (const id of roots) group.set(id, '');
  const assign = (ids: Iterable<string>, name: string) => {
    for (const id of ids) if (!group.has(id)) group.set(id, name);
  };
  for (const id of staticClosure(ctx, [ENTRY])) assign([id], REACT.test(id) ? 'react' : 'entry');
  assign(staticClosure(ctx, [THEME]), 'antd-theme');
  assign(staticClosure(ctx, [SHELL]), 'personal-centre-shell');

  const home = staticClosure(ctx, [HOME_MODULE]);
  const usedBy = new Map<string, number>();
  for (const page of ctx.getModuleInfo(MODULES)?.dynamicallyImportedIds ?? []) {
    for (const id of staticClosure(ctx, [page])) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
  }
  // What the home module shares with at least two other module pages goes with the shell, which
  // every module page loads anyway: the home page's first view waits on fewer small shared files,
  // and a page that needs none of it fetches a few KB more, never a file more.
  assign(
    [...home].filter((id) => (usedBy.get(id) ?? 0) > 2),
    'personal-centre-shell',
  );
  // The styles of the antd parts the home module shows travel with the shell: each antd part's
  // CSS comes with the module that registers it (antd-styles.ts), and left in the small shared
  // chunks of those parts they were six more stylesheets to fetch before the first paint.
  assign(
    [...home].filter((id) => ANTD_STYLE_MODULE.test(id)),
    'personal-centre-shell',
  );

  const homeOwn = new Set([HOME_MODULE, ...(ctx.getModuleInfo(HOME_MODULE)?.dynamicallyImportedIds ?? [])]);
  const elsewhere = new Set<string>();
  for (const root of roots) {
    if (!homeOwn.has(root)) for (const id of staticClosure(ctx, [root])) elsewhere.add(id);
  }
  assign(
    [...home].filter((id) => !elsewhere.has(id)),
    'personal-centre',
  );
  for (const [id, name] of group) if (!name) group.delete(id);
  return group;
}

let planned: Map<string, string> | undefined;

const GROUPS = ['react', 'entry', 'antd-theme', 'personal-centre-shell', 'personal-centre'] as const;

/**
 * The build's code-splitting groups, in the order they claim modules. Each group's modules are
 * complete (every static import is planned above), so no group pulls in dependencies of its own:
 * through antd's index that would be every antd component.
 */
export const chunkGroups = GROUPS.map((name, index) => ({
  name: (id: string, ctx: Context) => ((planned ??= plan(ctx)).get(id) === name ? name : null),
  // How the bundler's timing report names the group (its name is a function).
  debugName: name,
  priority: GROUPS.length - index,
  includeDependenciesRecursively: false,
}));
