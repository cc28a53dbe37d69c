import { readFileSync, readdirSync } from 'node:fs';
import { assertLoopback } from './net.ts';
import { percentile } from './scenario.ts';

/**
 * Asks one list endpoint `requests` times, one request at a time (latency, not throughput),
 * cycling through the bodies, and returns the p95, the median, the failures and the last total
 * the answer carried (`data.total`).
 */
export async function measureList(url: string, token: string, bodies: readonly unknown[], requests: number) {
  assertLoopback(url);
  const times: number[] = [];
  let failed = 0;
  let total = -1;
  for (let i = 0; i < requests; i++) {
    const since = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify(bodies[i % bodies.length]),
    });
    const json = (await res.json()) as { code: number; data?: { total: number } };
    times.push(performance.now() - since);
    if (res.status !== 200 || json.code !== 200) failed += 1;
    else total = json.data!.total;
  }
  return { p95: percentile(times, 95), p50: percentile(times, 50), failed, total };
}

/** The pids under `pid` (children, grandchildren...), from /proc; empty where there is no /proc. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean).map(Number)) found.push(child, ...descendants(child));
  }
  return found;
}

/**
 * The resident memory of the server, in MB: the largest process under the `npm start` the bench
 * launched (npm itself and its shell are small). NaN where /proc is not there (not Linux).
 */
export function serverRssMb(rootPid: number | undefined): number {
  if (rootPid === undefined) return Number.NaN;
  let largest = Number.NaN;
  for (const pid of [rootPid, ...descendants(rootPid)]) {
    try {
      const mb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
      if (Number.isFinite(mb) && !(mb <= largest)) largest = mb;
    } catch {
      // gone meanwhile
    }
  }
  return largest;
}
