#!/usr/bin/env node
// `npm start`: the server from its precompiled bundle (scripts/server-bundle.mjs), rebuilt first
// when a source changed; from the TypeScript sources through tsx when it cannot be built.
// One Node process either way.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshServerBundle } from './server-bundle.mjs';

const bundle = await freshServerBundle();
if (bundle) {
  // Stack traces name the TypeScript sources, not lines of the bundle.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.resolve(import.meta.dirname, '../server/src/server.ts')).href);
}
