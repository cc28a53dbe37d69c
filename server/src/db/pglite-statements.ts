import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** How many statements stay prepared; the least recently used one is closed beyond that. */
const KEPT_STATEMENTS = 256;

/** Statements with more parameters than this (bulk inserts, long id lists) vary too much to keep. */
const MAX_KEPT_PARAMETERS = 100;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

type Prepared = { name: string; paramTypes: number[] };

/** What the Kysely PGlite dialect asks of its client. */
export type PgliteClient = {
  query<T>(text: string, params?: unknown[]): Promise<Results<T>>;
  /** Closes every kept statement (after DDL, whose tables they may have planned on). */
  forgetStatements(): Promise<void>;
  close(): Promise<void>;
};

/**
 * PGlite's `query` parses, analyses and plans every statement afresh, in six calls into
 * PostgreSQL, all on the event loop's thread: for the small statements the app sends most
 * (a principal, a counter, a session) that is most of their time, and every other request waits
 * for it. Here each statement text is parsed once into a named prepared statement, as the
 * PostgreSQL drivers with statement caches do, and later runs are one call: bind, describe,
 * execute, sync. PostgreSQL itself decides from the sixth run on whether a generic plan serves
 * as well as planning for the values at hand (`plan_cache_mode = auto`), and re-plans a kept
 * statement when a table it reads changes. Callers are served one at a time, as by `query`.
 */
export function keptStatements(lite: PGlite): PgliteClient {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const kept = new Map<string, Prepared>();
  let named = 0;
  const { serialize } = protocol;

  const exec = async (message: Uint8Array) => (await lite.execProtocol(message, { syncToFs: false })).messages;

  async function prepare(text: string, name: string): Promise<Prepared> {
    const messages = await exec(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  }

  async function close(name: string) {
    await exec(concat([serialize.close({ type: 'S', name }), serialize.sync()]));
  }

  async function statementFor(text: string, parameters: number): Promise<Prepared> {
    const found = kept.get(text);
    if (found) {
      kept.delete(text);
      kept.set(text, found);
      return found;
    }
    // The unnamed statement: replaced by the next statement parsed, like `query`'s.
    if (parameters > MAX_KEPT_PARAMETERS) return prepare(text, '');
    const prepared = await prepare(text, `kept_${++named}`);
    kept.set(text, prepared);
    if (kept.size > KEPT_STATEMENTS) {
      const [oldest, statement] = kept.entries().next().value!;
      kept.delete(oldest);
      await close(statement.name);
    }
    return prepared;
  }

  return {
    query<T>(text: string, params: unknown[] = []) {
      return lite.runExclusive(async () => {
        const statement = await statementFor(text, params.length);
        // As `query` serialises them: by the type PostgreSQL inferred for each parameter.
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = lite.serializers[statement.paramTypes[i]!];
          return serializer ? (serializer(param) as string) : String(param);
        });
        try {
          const messages = await exec(
            concat([
              serialize.bind({ statement: statement.name, values }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          );
          return parse.parseResults(messages, lite.parsers)[0] as Results<T>;
        } catch (error) {
          // A kept statement whose result columns a change of the schema altered cannot run
          // again (0A000, "cached plan must not change result type"): parse it anew next time.
          if ((error as { code?: unknown }).code === '0A000' && kept.get(text) === statement) {
            kept.delete(text);
            await close(statement.name);
          }
          throw Object.assign(error as object, { query: text });
        }
      });
    },
    forgetStatements() {
      return lite.runExclusive(async () => {
        const names = [...kept.values()].map((statement) => statement.name);
        kept.clear();
        if (names.length > 0) {
          await exec(concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]));
        }
      });
    },
    close: () => lite.close(),
  };
}
