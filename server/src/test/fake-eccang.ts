import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

/**
 * A local stand-in for an ECCANG OMS web service, for the real adapter's tests. It reads each
 * request as ECCANG does: a SOAP 1.1 envelope whose body is `ns1:callService` in ECCANG's
 * namespace with `paramsJson` (a JSON string), `appToken`, `appKey`, `service` and `language`.
 * A wrong token or key is a SOAP Fault (HTTP 500), as ECCANG answers it; otherwise the answer is
 * whatever the test put in `answers` for that service, wrapped in `callServiceResponse/response`.
 */

export type EccangCall = {
  service: string;
  params: unknown;
  appToken: string;
  appKey: string;
  language: string;
  contentType: string;
  /** The namespace URI `callService` was sent in. */
  namespace: string;
};

/** What the fake answers a service with: a JSON object (wrapped), or a raw HTTP answer. */
export type FakeAnswer =
  | Record<string, unknown>
  | ((params: unknown) => Record<string, unknown>)
  | { raw: { status: number; body: string; delayMs?: number } };

export type FakeEccang = {
  endpoint: string;
  appToken: string;
  appKey: string;
  calls: EccangCall[];
  answers: Map<string, FakeAnswer>;
  close(): Promise<void>;
};

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false });

export function soapResponse(json: string): string {
  const escaped = json.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="http://www.example.org/Ec/">' +
    `<SOAP-ENV:Body><ns1:callServiceResponse><response>${escaped}</response></ns1:callServiceResponse></SOAP-ENV:Body>` +
    '</SOAP-ENV:Envelope>\n'
  );
}

export function soapFault(faultString: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>SOAP-ENV:Server</faultcode><faultstring>${faultString}</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body>` +
    '</SOAP-ENV:Envelope>\n'
  );
}

function field(node: Record<string, unknown>, name: string): string {
  const value = node[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Record<string, unknown>)['#text'] === 'string') {
    return (value as Record<string, string>)['#text']!;
  }
  return '';
}

/** Starts the fake on 127.0.0.1 at `port` (0: any free port). */
export async function startFakeEccang(port = 0): Promise<FakeEccang> {
  const appToken = 'fake-app-token-7f3a';
  const appKey = 'fake-app-key-91c2';
  const calls: EccangCall[] = [];
  const answers = new Map<string, FakeAnswer>();

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: string) => {
        response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(body);
      };
      if (request.method !== 'POST' || request.url !== '/default/svc/web-service') {
        send(404, '<html>not found</html>');
        return;
      }
      let tree: Record<string, unknown>;
      try {
        tree = parser.parse(Buffer.concat(chunks).toString('utf8'), true) as Record<string, unknown>;
      } catch {
        send(500, soapFault('Bad Request'));
        return;
      }
      const envelope = tree['SOAP-ENV:Envelope'] as Record<string, unknown> | undefined;
      const body = envelope?.['SOAP-ENV:Body'] as Record<string, unknown> | undefined;
      const prefix = Object.keys(envelope ?? {})
        .find((k) => k.startsWith('@_xmlns:') && envelope?.[k] === 'http://www.example.org/Ec/')
        ?.slice('@_xmlns:'.length);
      const call = prefix ? (body?.[`${prefix}:callService`] as Record<string, unknown> | undefined) : undefined;
      if (!call) {
        send(500, soapFault('Procedure not present'));
        return;
      }
      let params: unknown;
      try {
        params = JSON.parse(field(call, 'paramsJson') || 'null');
      } catch {
        send(200, soapResponse(JSON.stringify({ ask: 'Failure', message: 'paramsJson is not JSON' })));
        return;
      }
      const record: EccangCall = {
        service: field(call, 'service'),
        params,
        appToken: field(call, 'appToken'),
        appKey: field(call, 'appKey'),
        language: field(call, 'language'),
        contentType: String(request.headers['content-type'] ?? ''),
        namespace: 'http://www.example.org/Ec/',
      };
      calls.push(record);
      if (record.appToken !== appToken || record.appKey !== appKey) {
        send(500, soapFault('appToken or appKey invalid'));
        return;
      }
      const answer = answers.get(record.service);
      if (answer === undefined) {
        send(200, soapResponse(JSON.stringify({ ask: 'Failure', message: `service ${record.service} not found`, Error: { errCode: '10001', errMessage: 'Service not found' } })));
        return;
      }
      if ('raw' in answer && typeof answer.raw === 'object' && answer.raw !== null) {
        const raw = answer.raw as { status: number; body: string; delayMs?: number };
        setTimeout(() => {
          if (!response.destroyed) send(raw.status, raw.body);
        }, raw.delayMs ?? 0);
        return;
      }
      const json = typeof answer === 'function' ? answer(params) : answer;
      send(200, soapResponse(JSON.stringify(json)));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}/default/svc/web-service`,
    appToken,
    appKey,
    calls,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
