import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { envelope } from '@seller-centre/contract/envelope';
import { serializerCompiler } from './serializer.ts';

const serializerOf = (schema: z.ZodType, validate: boolean) =>
  serializerCompiler({ validate })({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

const ZUser = envelope(
  z.object({ user_id: z.number().int(), email: z.string(), nick: z.string().nullable(), tags: z.array(z.string()) }),
);

for (const validate of [false, true]) {
  describe(`answers written by their schema (${validate ? 'checked, as in tests' : 'as in production'})`, () => {
    const write = serializerOf(ZUser, validate);

    it('write the named fields and nothing else (a field the schema does not name never leaks)', () => {
      const data = { user_id: 7, email: 'a@b.c', nick: null, tags: ['x'], password_hash: '$argon2id$...' };
      const text = write({ code: 200, data, msg: 'success', extra: 1 });
      expect(JSON.parse(text)).toEqual({ code: 200, data: { user_id: 7, email: 'a@b.c', nick: null, tags: ['x'] }, msg: 'success' });
      expect(text).not.toContain('argon2');
    });

    it('refuse an answer that lacks a required field, rather than send it short', () => {
      expect(() => write({ code: 200, data: { user_id: 7, nick: null, tags: [] }, msg: 'success' })).toThrow();
    });

    it('write what a transform or a default makes of a value, as zod does', () => {
      const upper = serializerOf(z.object({ currency: z.string().transform((c) => c.toUpperCase()) }), validate);
      expect(JSON.parse(upper({ currency: 'cny' }))).toEqual({ currency: 'CNY' });
      const withDefault = serializerOf(z.object({ page: z.number().int().default(1) }), validate);
      expect(JSON.parse(withDefault({}))).toEqual({ page: 1 });
    });

    it('write unions and records as they are', () => {
      const schema = z.object({
        v: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
        m: z.record(z.string(), z.number()),
      });
      expect(JSON.parse(serializerOf(schema, validate)({ v: { b: 'x' }, m: { k: 1 } }))).toEqual({ v: { b: 'x' }, m: { k: 1 } });
    });
  });
}

describe('outside production', () => {
  it('refuses a value the schema does not allow (a fraction of a fen, a code that is not the envelope\'s)', () => {
    const write = serializerOf(ZUser, true);
    const data = { user_id: 7.5, email: 'a@b.c', nick: null, tags: [] };
    expect(() => write({ code: 200, data, msg: 'success' })).toThrow();
    expect(() => write({ code: 500, data: { ...data, user_id: 7 }, msg: 'success' })).toThrow();
  });
});
