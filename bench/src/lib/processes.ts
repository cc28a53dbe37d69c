import { spawn, type ChildProcess } from 'node:child_process';
import { sleep } from './net.ts';

// What to undo if the bench is interrupted (Ctrl-C): stop what it started, drop what it created.
const cleanups = new Set<() => Promise<void>>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping what the bench started…`);
    // Newest first: a product stops before its data directory or database goes.
    void (async () => {
      for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => undefined);
      process.exit(130);
    })();
  });
}

/** Runs `cleanup` if the bench is interrupted before the returned function is called. */
export function undoOnInterrupt(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** A process the bench started, in a process group of its own so it stops with its children. */
export type Started = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Started {
  let output = '';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (d: Buffer) => {
    // The tail is enough to say why something failed.
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, 'SIGTERM');
    const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!done) {
      signalGroup(child, 'SIGKILL');
      await exited;
    }
  };
  const forget = undoOnInterrupt(stop);
  return {
    child,
    output: () => output,
    async stop() {
      forget();
      await stop();
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Polls a URL until it answers 200; returns the milliseconds since `since`. */
export async function waitUntilReady(
  url: string,
  started: Started,
  since: number,
  timeoutMs = 120_000,
): Promise<number> {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (started.child.exitCode !== null) {
      throw new Error(`exited with ${started.child.exitCode} before it was ready:\n${started.output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`not ready within ${timeoutMs / 1000} s:\n${started.output()}`);
}
