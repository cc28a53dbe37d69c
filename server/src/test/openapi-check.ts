import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every answer an API test gets is checked against the app's own OpenAPI document: its status
 * must be declared for the route, and a JSON answer must be valid for that status. A route that
 * answers something the document does not say fails the test that made it answer.
 */

type Media = { schema?: Record<string, unknown> };
type Operation = { responses?: Record<string, { content?: Record<string, Media> }> };
type Document = { paths?: Record<string, Record<string, Operation>> };

/** The header that carries a disagreement from the server's onSend to the test's inject. */
export const VIOLATION_HEADER = 'x-test-openapi-violation';

// The hoisted Ajv (6): it reads OpenAPI 3.0's `nullable`, ignores keywords it does not know
// (`example`, `format: binary`) and checks the common formats.
const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', logger: false });

/** OpenAPI 3.0's boolean exclusive bounds, as the JSON Schema Ajv reads. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}

function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function checkAnswersAgainstDocument(instance: FastifyInstance): void {
  let document: Document | null = null;
  const validators = new Map<string, ValidateFunction | null>();

  function validatorFor(key: string, schema: Record<string, unknown> | undefined) {
    if (!validators.has(key)) validators.set(key, schema ? (ajv.compile(toJsonSchema(schema) as object) as ValidateFunction) : null);
    return validators.get(key)!;
  }

  function disagreement(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
    const url = request.routeOptions.url;
    // A test's own probe routes (`/api/test/...`) declare no schema: there is nothing to hold them to.
    if (!url || url.startsWith('/api/test/') || url.startsWith('/test/')) return null;
    document ??= (instance as unknown as { swagger(): Document }).swagger();
    const operation = document.paths?.[openApiPath(url)]?.[request.method.toLowerCase()];
    if (!operation) return null; // not an API route (the web app, the document itself, a test's probe)
    const status = String(reply.statusCode);
    // A database outage answers 503 on any route (db/errors.ts); no route declares it yet.
    if (status === '503') return null;
    const declared = operation.responses?.[status] ?? operation.responses?.default;
    const where = `${request.method} ${url} answered ${status}`;
    if (!declared) return `${where}, which the OpenAPI document does not declare`;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return null;
    if (!declared.content) return `${where} with JSON, and the document declares no content for it`;
    const media = declared.content['application/json'];
    if (!media) return `${where} with JSON, and the document declares only ${Object.keys(declared.content).join(', ')}`;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (text === null || text === '') return null;
    const validate = validatorFor(`${request.method} ${url} ${status}`, media.schema);
    if (!validate) return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where} with a body that is not JSON`;
    }
    if (validate(body) === true) return null;
    return `${where} with a body the document does not describe: ${ajv.errorsText(validate.errors)}`;
  }

  instance.addHook('onSend', async (request, reply, payload) => {
    const problem = disagreement(request, reply, payload);
    if (problem) reply.header(VIOLATION_HEADER, encodeURIComponent(problem));
    return payload;
  });

  // inject as a promise (how every API test calls it) fails when the answer disagrees.
  const inject = instance.inject.bind(instance) as (...args: unknown[]) => unknown;
  (instance as unknown as { inject: unknown }).inject = (...args: unknown[]) => {
    const result = inject(...args) as Promise<{ headers: Record<string, unknown> }> | undefined;
    if (args.length !== 1 || typeof result?.then !== 'function') return result;
    return result.then((response) => {
      const problem = response.headers[VIOLATION_HEADER];
      if (typeof problem === 'string') {
        delete response.headers[VIOLATION_HEADER];
        throw new Error(`OpenAPI disagreement: ${decodeURIComponent(problem)}`);
      }
      return response;
    });
  };
}
