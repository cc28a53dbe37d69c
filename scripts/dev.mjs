#!/usr/bin/env node
// `npm run dev`: the API server restarting on change (port 8080, readable log lines) and Vite
// with hot reload (port 5173, proxying /api and /locales to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_FORMAT: 'pretty', ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'web'), stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
