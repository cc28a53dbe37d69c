#!/usr/bin/env node
// `npm start` serves the built web app. `npm install` builds it (the root `prepare` script);
// this builds it only when it is missing, so a start on a built tree costs no build at all.
// `npm start` loads it with `--import` ahead of the server, in the same process: one Node
// start-up instead of two.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('web/dist is missing: building the web app once…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
