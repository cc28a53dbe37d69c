import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiPaths } from '@seller-centre/contract/paths';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, standInsOf } from './config.ts';

/**
 * Docker is not on the development machines, so the container files are checked here against
 * what the product provides: every variable they set is one the configuration knows (a typo
 * would be silently ignored), the ports are the ones the server listens on, the health checks
 * ask paths the server answers, and the compose instances' settings pass the configuration's
 * own validation in production, with no stand-in.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Service = {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, unknown>;
  build?: string;
};
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const dockerfile = read('Dockerfile');
const caddyfile = read('deploy/Caddyfile');

const known = new Set<string>(CONFIG_VARIABLES);
const instances = Object.entries(compose.services).filter(([, s]) => s.build === '.');

/** `${NAME:?message}` as compose substitutes it, with a stand-in value for the check. */
function substituted(value: string): string {
  return value.replace(/\$\{([A-Z0-9_]+)(:\?[^}]*)?\}/g, (_m, name: string) =>
    name === 'DOWNLOAD_LINK_SECRET' ? 'x'.repeat(32) : name === 'PUBLIC_URL' ? 'https://seller.example.com' : 'value',
  );
}

/** The paths a health-check command asks. */
function pathsAsked(text: string): string[] {
  return [...text.matchAll(/127\.0\.0\.1:[^/]*(\/api\/[a-z/]+)/g)].map((m) => m[1]!);
}

describe('compose.yaml', () => {
  it('runs two instances of the image built here', () => {
    expect(instances.map(([name]) => name)).toEqual(['app1', 'app2']);
  });

  it('sets only variables the configuration knows, and they pass its checks with no stand-in', () => {
    for (const [, service] of instances) {
      const env = service.environment!;
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
      const config = loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, substituted(String(v))])));
      expect(config.NODE_ENV).toBe('production');
      expect(standInsOf(config)).toEqual([]);
      expect(config.ALLOW_STAND_INS_IN_PRODUCTION).toBe(false);
      expect(config.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.S3_ENDPOINT).toBe('http://minio:9000');
      expect(config.METRICS_PORT).not.toBe(config.PORT);
    }
  });

  it('checks each instance on its readiness path, at the port it listens on', () => {
    for (const [, service] of instances) {
      const port = loadConfig({ PORT: service.environment!.PORT }).PORT;
      const test = service.healthcheck!.test.join(' ');
      expect(pathsAsked(test)).toEqual([apiPaths.ready]);
      expect(test).toContain(`127.0.0.1:${port}/`);
      // No instance is reachable but through the proxy (TRUST_PROXY=1 relies on it).
      expect(service.ports).toBeUndefined();
    }
  });

  it("puts the proxy in front of both instances' ports, taking out one whose readiness fails", () => {
    const ports = instances.map(([name, s]) => `${name}:${s.environment!.PORT}`);
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(ports);
    expect(/health_uri\s+(\S+)/.exec(caddyfile)![1]).toBe(apiPaths.ready);
    expect(compose.services.proxy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('runs PostgreSQL, Redis and a bucket the instances wait for', () => {
    for (const name of ['postgres', 'redis', 'minio', 'bucket']) expect(compose.services[name]).toBeDefined();
    expect(Object.keys(instances[0]![1].depends_on!)).toEqual(['postgres', 'redis', 'bucket']);
    expect(read('deploy/compose.env.example')).toContain('POSTGRES_PASSWORD=');
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.match(/^FROM /gm) ?? [];
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = Object.fromEntries(
    [...finalStage.matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=(\S+?)\s*\\?$/gm)].map((m) => [m[1]!, m[2]!]),
  );

  it('builds in one stage and runs the built tree in another, without dev dependencies', () => {
    expect(stages.length).toBe(2);
    expect(dockerfile).toContain('npm prune --omit=dev');
    expect(finalStage).toContain('COPY --from=build');
  });

  it('runs npm start in production as a user other than root', () => {
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(env.NODE_ENV).toBe('production');
  });

  it('sets only variables the configuration knows, exposes the port the server listens on', () => {
    expect(Object.keys(env).length).toBeGreaterThan(0);
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    const port = loadConfig({ PORT: env.PORT }).PORT;
    expect(finalStage).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
  });

  it('checks its health on the liveness path', () => {
    const healthcheck = finalStage.slice(finalStage.indexOf('HEALTHCHECK'), finalStage.indexOf('\nCMD '));
    expect(pathsAsked(healthcheck)).toEqual([apiPaths.health]);
  });
});
