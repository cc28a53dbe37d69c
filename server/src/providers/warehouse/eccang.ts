import { fenToYuanString } from '@seller-centre/contract/money';
import {
  WMS_SERVICES,
  ZMoneyText,
  type WmsAnswer,
  type WmsParams,
  type WmsService,
} from '@seller-centre/contract/warehouse';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { WarehouseContext, WarehouseProvider } from './provider.ts';

/**
 * The ECCANG OMS web service: one SOAP operation, `callService`, in the namespace
 * `http://www.example.org/Ec/`, served at `<host>/default/svc/web-service`. Every business
 * operation (getBalance, getCostWaterAndOrder, customerRecharge, ...) is this one call with the
 * operation's name in `service` and its parameters as a JSON string in `paramsJson`:
 *
 *   <SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"
 *                      xmlns:ns1="http://www.example.org/Ec/">
 *     <SOAP-ENV:Body><ns1:callService>
 *       <paramsJson>{"page":1}</paramsJson><appToken>…</appToken><appKey>…</appKey>
 *       <service>getCostWaterAndOrder</service><language>zh_CN</language>
 *     </ns1:callService></SOAP-ENV:Body>
 *   </SOAP-ENV:Envelope>
 *
 * The answer is `<ns1:callServiceResponse><response>JSON</response>` where JSON is
 * `{"ask":"Success"|"Failure","message":"…","Error":{"errCode":"…","errMessage":"…"},…data}`.
 * A refused token or a broken request comes back as a SOAP Fault (`faultstring`).
 *
 * The credentials (appToken, appKey) are issued per customer by the warehouse's ECCANG
 * instance, so they belong to one provider row, never to the server's configuration.
 */

export const ECCANG_NAMESPACE = 'http://www.example.org/Ec/';
const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** How the server reaches one provider's ECCANG instance. */
export type EccangSettings = {
  /** The web-service URL (`https://host/default/svc/web-service`), or a bare host. */
  endpoint: string;
  appToken: string;
  appKey: string;
};

/** ECCANG answers in Chinese or English; our Korean and Thai users get English. */
export type EccangLanguage = 'zh_CN' | 'en_US';

export function eccangLanguage(lang: string | undefined): EccangLanguage {
  return lang === 'zh' ? 'zh_CN' : 'en_US';
}

/**
 * Our own time limit for one call. It stays below the browser's (docs/product.md: 20 s, 60 s
 * for the payment calls), so the browser gets our clear error rather than its own network error.
 */
export const ECCANG_TIMEOUT_MS = 15_000;
export const ECCANG_PAYMENT_TIMEOUT_MS = 55_000;
const PAYMENT_SERVICES = new Set(['customerRecharge', 'getPaymentDetail', 'submitPayment']);

export function eccangTimeoutFor(service: string): number {
  return PAYMENT_SERVICES.has(service) ? ECCANG_PAYMENT_TIMEOUT_MS : ECCANG_TIMEOUT_MS;
}

/** The largest answer read; an ECCANG page of 200 rows is far below this. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/**
 * Why a call gave no data. `refused`: ECCANG answered `ask: Failure` (its message is for the
 * user: a bad parameter, too little balance). Everything else means the provider could not be
 * used just now: not reached, too slow, an HTTP error, a SOAP Fault (usually the credentials), or
 * an answer that is not the documented shape.
 */
export type EccangFailure = 'refused' | 'unreachable' | 'timeout' | 'http' | 'fault' | 'malformed';

export class EccangError extends Error {
  override name = 'EccangError';
  constructor(
    readonly kind: EccangFailure,
    message: string,
    /** What ECCANG said (its `message`, `errMessage` or `faultstring`), when it said anything. */
    readonly providerMessage?: string,
    readonly providerCode?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** `https://host/` or `host` → `https://host/default/svc/web-service`; a full URL stays. */
export function eccangEndpoint(endpoint: string): string {
  const text = endpoint.trim();
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  const url = new URL(withScheme);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/default/svc/web-service';
  return url.toString();
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function buildCallServiceEnvelope(
  settings: Pick<EccangSettings, 'appToken' | 'appKey'>,
  service: string,
  params: unknown,
  language: EccangLanguage,
): string {
  const paramsJson = JSON.stringify(params ?? {});
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_NAMESPACE}" xmlns:ns1="${ECCANG_NAMESPACE}">` +
    '<SOAP-ENV:Body><ns1:callService>' +
    `<paramsJson>${escapeXml(paramsJson)}</paramsJson>` +
    `<appToken>${escapeXml(settings.appToken)}</appToken>` +
    `<appKey>${escapeXml(settings.appKey)}</appKey>` +
    `<service>${escapeXml(service)}</service>` +
    `<language>${language}</language>` +
    '</ns1:callService></SOAP-ENV:Body></SOAP-ENV:Envelope>'
  );
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  // Only the five predefined entities; a DOCTYPE is refused before parsing (no entity expansion).
  processEntities: true,
  htmlEntities: false,
});

/** The parsed tree of a SOAP document (what fast-xml-parser builds). */
type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

function child(node: XmlNode | XmlNode[] | undefined, name: string): XmlNode | undefined {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

function text(node: XmlNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return node;
  const inner = node['#text'];
  return typeof inner === 'string' ? inner : undefined;
}

/** The JSON an ECCANG answer carries, `ask` still in it. */
export type EccangAnswer = Record<string, unknown> & { ask?: unknown; message?: unknown };

/** Reads a `callServiceResponse` (or a Fault) into its JSON object; throws EccangError otherwise. */
export function parseCallServiceResponse(xml: string): EccangAnswer {
  if (/<!DOCTYPE/i.test(xml)) throw new EccangError('malformed', 'eccang answered a document with a DOCTYPE');
  let tree: XmlNode;
  try {
    tree = parser.parse(xml, true) as XmlNode;
  } catch (error) {
    throw new EccangError('malformed', `eccang answered something that is not XML: ${(error as Error).message}`, undefined, undefined, { cause: error });
  }
  const body = child(child(tree, 'Envelope'), 'Body');
  const fault = child(body, 'Fault');
  if (fault !== undefined) {
    const faultString = text(child(fault, 'faultstring'))?.trim() || 'SOAP fault';
    const faultCode = text(child(fault, 'faultcode'))?.trim();
    throw new EccangError('fault', `eccang fault: ${faultString}`, faultString, faultCode);
  }
  const payload = text(child(child(body, 'callServiceResponse'), 'response'));
  if (payload === undefined) throw new EccangError('malformed', 'eccang answer has no callServiceResponse/response');
  let answer: unknown;
  try {
    answer = JSON.parse(payload);
  } catch (error) {
    throw new EccangError('malformed', 'eccang response is not JSON', undefined, undefined, { cause: error });
  }
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new EccangError('malformed', 'eccang response is not a JSON object');
  }
  return answer as EccangAnswer;
}

/** `ask: Failure` → EccangError('refused') with ECCANG's own words; `Success` → the answer. */
export function requireSuccess(service: string, answer: EccangAnswer): EccangAnswer {
  const ask = typeof answer.ask === 'string' ? answer.ask.toLowerCase() : undefined;
  if (ask === 'success') return answer;
  if (ask === 'failure') {
    const error = answer.Error && typeof answer.Error === 'object' ? (answer.Error as Record<string, unknown>) : {};
    const errMessage = typeof error.errMessage === 'string' ? error.errMessage.trim() : '';
    const message = typeof answer.message === 'string' ? answer.message.trim() : '';
    const errCode = error.errCode === undefined || error.errCode === null ? undefined : String(error.errCode);
    const said = errMessage || message || undefined;
    throw new EccangError('refused', `eccang refused ${service}: ${errCode ?? ''} ${said ?? ''}`.trim(), said, errCode);
  }
  throw new EccangError('malformed', `eccang answer to ${service} has no ask`);
}

export type EccangCallOptions = {
  language?: EccangLanguage;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * One `callService` round trip. Resolves with ECCANG's JSON answer when it says Success;
 * rejects with an EccangError for every other outcome (never with anything else).
 */
export async function callEccang(
  settings: EccangSettings,
  service: string,
  params: unknown,
  options: EccangCallOptions = {},
): Promise<EccangAnswer> {
  const doFetch = options.fetch ?? fetch;
  let url: string;
  try {
    url = eccangEndpoint(settings.endpoint);
  } catch (error) {
    throw new EccangError('unreachable', 'eccang endpoint is not a URL', undefined, undefined, { cause: error });
  }
  const body = buildCallServiceEnvelope(settings, service, params, options.language ?? 'zh_CN');
  const timeoutMs = options.timeoutMs ?? eccangTimeoutFor(service);
  let xml: string;
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    xml = await readLimited(response);
    // A SOAP Fault comes with HTTP 500; read it for its faultstring before judging the status.
    if (!response.ok && !/Fault/.test(xml)) {
      throw new EccangError('http', `eccang answered HTTP ${response.status}`);
    }
  } catch (error) {
    if (error instanceof EccangError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new EccangError('timeout', `eccang did not answer ${service} within ${timeoutMs} ms`, undefined, undefined, { cause: error });
    }
    throw new EccangError('unreachable', `eccang unreachable: ${(error as Error).message}`, undefined, undefined, { cause: error });
  }
  return requireSuccess(service, parseCallServiceResponse(xml));
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_RESPONSE_BYTES) throw new EccangError('malformed', 'eccang answer too large');
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) throw new EccangError('malformed', 'eccang answer too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * ECCANG's list answers carry the rows in `data` and the row count in `count` (sometimes
 * `total`), as strings or numbers; our contract's lists are `{total, data}`. Other answers carry
 * their object in `data`, or as fields beside `ask`.
 */
export function eccangData(answer: EccangAnswer): unknown {
  const { ask: _ask, message: _message, Error: _error, ...rest } = answer;
  if (Array.isArray(rest.data)) {
    const count = rest.count ?? rest.total ?? rest.data.length;
    const total = Number(count);
    return { total: Number.isFinite(total) && total >= 0 ? Math.trunc(total) : rest.data.length, data: rest.data };
  }
  if (rest.data !== undefined && rest.data !== null && typeof rest.data === 'object') return rest.data;
  if ('data' in rest && Object.keys(rest).length === 1) return rest.data;
  return rest;
}

/**
 * What the caller sees: ECCANG's refusal in its own words as a 400 (it is about the request:
 * a parameter, a state, a balance); anything else a 503 that says to try again, its details in
 * the log only (they may name the endpoint).
 */
export function eccangErrorToAppError(error: EccangError): AppError {
  if (error.kind === 'refused') {
    const said = (error.providerMessage ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
    return AppError.badRequest('warehouseProviderRefused', { message: said || (error.providerCode ?? '-') });
  }
  if (error.kind === 'malformed') return AppError.unavailable('warehouseBadAnswer', error);
  return AppError.unavailable('warehouseProviderUnavailable', error);
}

// ---------------------------------------------------------------- the warehouse adapter

/** The params that are money: validated into fen on our side, sent to ECCANG as yuan again. */
const MONEY_PARAMS = ['amount', 'creditLine', 'paymentAmount'] as const;

export function toEccangParams(params: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  for (const key of MONEY_PARAMS) {
    const value = out[key];
    if (typeof value === 'number' && Number.isSafeInteger(value)) out[key] = fenToYuanString(value);
  }
  return out;
}

/**
 * ECCANG prints money with up to three decimals, as a string or a number ("1234.565", 12.5);
 * our answers carry yuan with two. Rounded half away from zero, by decimal digits (no float).
 */
export function eccangMoney(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return '0.00';
  const match = /^\s*([+-])?(\d+)(?:\.(\d*))?\s*$/.exec(String(value));
  if (!match) return value;
  const [, sign, whole, decimals = ''] = match;
  const digits = decimals.padEnd(3, '0');
  let fen = BigInt(whole!) * 100n + BigInt(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) fen += 1n;
  if (fen > BigInt(Number.MAX_SAFE_INTEGER)) return value;
  return fenToYuanString(sign === '-' ? -Number(fen) : Number(fen));
}

/**
 * Shapes ECCANG's data after the contract's answer schema: numbers that came as strings become
 * numbers, absent strings '', money two decimals. What still does not fit is refused by the
 * schema afterwards (a 503 that the provider answered something else).
 */
export function shapeAfter(schema: z.ZodType, value: unknown): unknown {
  if (schema === ZMoneyText) return eccangMoney(value);
  if (schema instanceof z.ZodObject) {
    const source = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      out[key] = shapeAfter(field, source[key]);
    }
    return out;
  }
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.map((item) => shapeAfter(schema.element as z.ZodType, item)) : [];
  }
  if (schema instanceof z.ZodNumber) {
    if (typeof value === 'number') return value;
    if (value === undefined || value === null || value === '') return 0;
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (schema instanceof z.ZodString) {
    if (value === undefined || value === null) return '';
    return typeof value === 'number' ? String(value) : value;
  }
  if (schema instanceof z.ZodLiteral) return value ?? schema.value;
  return value;
}

export type EccangProviderOptions = { fetch?: typeof fetch };

/**
 * The `eccang` adapter: every service is one callService with the provider's own endpoint and
 * credentials (its settings), the caller's language, and the service's time limit. The answer is
 * shaped after the contract's schema and checked by it; a refusal, an outage or an answer that
 * does not fit become the envelope errors of eccangErrorToAppError (never a 500).
 */
export function createEccangWarehouseProvider(options: EccangProviderOptions = {}): WarehouseProvider {
  return {
    async call<S extends WmsService>(service: S, params: WmsParams<S>, ctx: WarehouseContext): Promise<WmsAnswer<S>> {
      const settings = ctx.provider.settings.eccang;
      if (!settings?.endpoint || !settings.appToken || !settings.appKey) {
        throw AppError.unavailable('warehouseProviderUnavailable', new Error(`provider ${ctx.provider.id} has no ECCANG settings`));
      }
      let answer: EccangAnswer;
      try {
        // fileType is this product's (its own exports' file); ECCANG's asyncExport does not take it.
        const sent =
          service === 'asyncExport'
            ? (({ fileType: _fileType, ...rest }) => rest)(params as WmsParams<'asyncExport'>)
            : params;
        answer = await callEccang(settings, service, toEccangParams(sent), {
          language: eccangLanguage(ctx.language),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
      } catch (error) {
        if (error instanceof EccangError) throw eccangErrorToAppError(error);
        throw error;
      }
      const schema = WMS_SERVICES[service].answer as z.ZodType;
      let data = shapeAfter(schema, eccangData(answer));
      if (service === 'discardPayment' && (data as { discarded?: number }).discarded === 0) {
        data = { discarded: (params as WmsParams<'discardPayment'>).noteIDs.length };
      }
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw AppError.unavailable(
          'warehouseBadAnswer',
          new EccangError('malformed', `eccang answer to ${service} does not fit: ${checked.error.message}`),
        );
      }
      return checked.data as WmsAnswer<S>;
    },
  };
}
