import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * No request the product takes nests deeper than a handful of levels; a body nested thousands
 * deep is only ever an attack on code that walks it recursively (a stack overflow is a 500).
 */
const MAX_JSON_DEPTH = 32;
/** The largest JSON body taken, in bytes; past it the answer is a 400 before parsing. */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * How deep the JSON text nests, stopping as soon as it passes `limit`: one pass over the
 * characters, brackets inside strings do not count. Runs before JSON.parse, so nothing deep
 * is ever built.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/**
 * What PostgreSQL cannot store: a NUL character (text), and a lone UTF-16 surrogate, the mark of
 * a broken encoding (json/jsonb refuse its escape).
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

/**
 * The first string in a parsed body/query/params holding a NUL character or a lone surrogate, by
 * its field path. Iterative, so no input can exhaust the stack, whatever reached it.
 */
export function fieldWithUnstorable(value: unknown, path = ''): string | undefined {
  const pending: [unknown, string][] = [[value, path]];
  for (let next = 0; next < pending.length; next++) {
    const [item, at] = pending[next]!;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return at || 'body';
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => pending.push([child, at ? `${at}.${i}` : String(i)]));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push([child, at ? `${at}.${key}` : key]);
    }
  }
  return undefined;
}

/**
 * preValidation hook: a string PostgreSQL cannot store would fail in the database as a 500. It
 * is refused up front as a 400 naming the field.
 */
// A callback hook, not an async one: it runs on every request, and a promise each is measurable.
function rejectUnstorableCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const field = fieldWithUnstorable(request.query) ?? fieldWithUnstorable(request.params) ?? fieldWithUnstorable(request.body);
  done(field ? AppError.badRequest('invalidCharacter', { field }) : undefined);
}

export default fp(
  async function inputGuard(app: FastifyInstance) {
    // Fastify's own JSON parser (prototype poisoning refused), behind a depth check.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: MAX_JSON_BYTES },
      (request, body, done) => {
        const text = body as string;
        if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
          done(AppError.badRequest('nestingTooDeep', { depth: MAX_JSON_DEPTH }), undefined);
          return;
        }
        parseJson(request, text, done);
      },
    );
    app.addHook('preValidation', rejectUnstorableCharacters);
  },
  { name: 'input-guard' },
);
