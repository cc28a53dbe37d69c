import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** The first string in a parsed body/query/params holding a NUL character, by its field path. */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = fieldWithNul(item, `${path}.${i}`.replace(/^\./, ''));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = fieldWithNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * preValidation hook: PostgreSQL text cannot hold a NUL character, so a string with one would
 * fail in the database as a 500. It is refused up front as a 400 naming the field.
 */
async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  const field = fieldWithNul(request.query) ?? fieldWithNul(request.params) ?? fieldWithNul(request.body);
  if (field) throw AppError.badRequest('invalidCharacter', { field });
}

export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', rejectNulCharacters);
  },
  { name: 'input-guard' },
);
