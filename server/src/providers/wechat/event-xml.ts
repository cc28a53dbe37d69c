/**
 * The flat XML of a WeChat push (`<xml><ToUserName><![CDATA[gh_1]]></ToUserName>...</xml>`):
 * one level of elements, values in CDATA or as escaped text. Nothing else is accepted, so no
 * XML library (and none of its entity or DTD attack surface) is needed.
 */
export function parseWechatXml(xml: string): Record<string, string> | null {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(xml);
  if (!root) return null;
  const fields: Record<string, string> = {};
  const element = /<([A-Za-z_][\w.-]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  for (const match of root[1]!.matchAll(element)) {
    const [, name, cdata, text] = match;
    fields[name!] = cdata ?? decodeEntities(text ?? '');
  }
  return fields;
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name as 'lt']!,
  );
}

/** A scan of one of our QR codes: who scanned (open id) and which scene. */
export type WechatScan = { openId: string; sceneMark: string };

/**
 * SCAN (a follower scanned) carries the scene in EventKey; subscribe (someone followed by
 * scanning) carries it as `qrscene_<scene>`. Any other message is not a scan.
 */
export function scanFromEvent(fields: Record<string, string>): WechatScan | null {
  if (fields.MsgType !== 'event' || !fields.FromUserName) return null;
  const key = fields.EventKey ?? '';
  let sceneMark: string | undefined;
  if (fields.Event === 'SCAN') sceneMark = key;
  else if (fields.Event === 'subscribe' && key.startsWith('qrscene_')) sceneMark = key.slice('qrscene_'.length);
  if (!sceneMark) return null;
  return { openId: fields.FromUserName, sceneMark };
}
