#!/usr/bin/env node
// The server as one precompiled ES module (server/dist/server.mjs), so `npm start` does not
// transpile two hundred TypeScript files through tsx on every start (seconds on a small machine).
// `npm install` builds it (the root `build` script); `npm start` rebuilds it first when any file
// it was built from changed since (a pull, an edit), and falls back to tsx if it cannot.
//
//   node scripts/server-bundle.mjs     builds it now
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'server/src/server.ts');
export const bundlePath = path.join(root, 'server/dist/server.mjs');
const metaPath = path.join(root, 'server/dist/server.meta.json');

/** Whether the bundle exists, was built in this checkout, and is newer than every file in it. */
function isFresh() {
  let meta;
  let builtAt;
  try {
    meta = JSON.parse(readFileSync(metaPath, 'utf8'));
    builtAt = statSync(bundlePath).mtimeMs;
  } catch {
    return false;
  }
  if (meta.root !== root || !Array.isArray(meta.inputs)) return false;
  for (const input of meta.inputs) {
    try {
      if (statSync(path.join(root, input)).mtimeMs > builtAt) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Each module keeps its own location: `import.meta.url` and friends in a source file become
 * that file's path, not the bundle's (migrate.ts finds migrations/ beside itself, config.ts the
 * repository root), so the bundle reads the same files at run time as the sources do.
 */
const ownLocation = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      return {
        loader: 'ts',
        contents: source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path)),
      };
    });
  },
};

/**
 * Pure-JavaScript ES-module packages that go into the bundle. Node loads an ES module package
 * file by file, and these are hundreds of small files (kysely alone is 263): loading kysely
 * from node_modules costs about ten times the CPU of the same code inside one file, zod about
 * twice. Each is imported only by the server or by another package of this list, so the app
 * holds one copy of each. Packages that find files beside themselves (PGlite's WebAssembly,
 * swagger-ui's pages), native ones and CommonJS ones stay outside.
 */
const BUNDLED_PACKAGES = new Set([
  'kysely',
  'kysely-pglite-dialect',
  'zod',
  'fastify-type-provider-zod',
  // the warehouse provider's XML parser and its own dependencies
  'fast-xml-parser',
  'fast-xml-builder',
  'path-expression-matcher',
  'is-unsafe',
  'strnum',
  'anynum',
  'xml-naming',
  '@nodable/entities',
]);

/** `zod/v4/core` → `zod`, `@scope/name/x` → `@scope/name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Other packages stay outside the bundle and load from node_modules as they would under tsx;
 * the workspace's own packages (TypeScript sources) and the list above go in.
 */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@seller-centre/') || BUNDLED_PACKAGES.has(packageName(args.path))
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildServerBundle() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    outfile: bundlePath,
    logLevel: 'silent',
    plugins: [packagesOutside, ownLocation],
  });
  mkdirSync(path.dirname(bundlePath), { recursive: true });
  // Written aside and renamed: an instance starting meanwhile never loads half a file.
  const suffix = `.${process.pid}.tmp`;
  for (const file of result.outputFiles) {
    writeFileSync(file.path + suffix, file.contents);
  }
  // The recipe itself counts as an input: a changed recipe rebuilds too.
  const inputs = [
    path.relative(root, import.meta.filename),
    ...Object.keys(result.metafile.inputs).map((p) => path.relative(root, path.resolve(root, p))),
  ];
  writeFileSync(metaPath + suffix, JSON.stringify({ root, inputs }));
  for (const file of result.outputFiles) renameSync(file.path + suffix, file.path);
  renameSync(metaPath + suffix, metaPath);
}

/** The bundle's path when it is fresh (built now if it was not), or null to start from the sources. */
export async function freshServerBundle() {
  if (isFresh()) return bundlePath;
  try {
    await buildServerBundle();
    return bundlePath;
  } catch (error) {
    process.stderr.write(
      `seller-centre: cannot build the server bundle, starting from the sources: ${error.message}\n`,
    );
    return null;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  // Part of `npm install` (prepare): a bundle that cannot be built must not fail the install,
  // since `npm start` tries again and falls back to the sources.
  await buildServerBundle().catch((error) => {
    process.stderr.write(`server bundle not built (npm start will run the sources): ${error.message}\n`);
  });
}
