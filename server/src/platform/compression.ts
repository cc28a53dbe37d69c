import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON lists, translations, the OpenAPI document) over 1 KB with brotli or
 * gzip, as the client accepts. The web app's files arrive precompressed (web-app plugin) and are
 * passed through untouched. Registered before the routes, so its hook reaches all of them.
 */
async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    // zstd is left out: Node 20 has no zstd, and browsers all take br or gzip.
    encodings: ['br', 'gzip'],
    // Quality 4 compresses about as fast as gzip's default and smaller: answers are made per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compression, { name: 'compression' });
