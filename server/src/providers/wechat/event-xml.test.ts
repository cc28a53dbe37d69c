import { describe, expect, it } from 'vitest';
import { parseWechatXml, scanFromEvent } from './event-xml.ts';

// The shapes of WeChat's documentation for "scan a QR code with a scene" events.
const SCAN = `<xml><ToUserName><![CDATA[gh_123456789abc]]></ToUserName>
<FromUserName><![CDATA[oABCD1234openid]]></FromUserName>
<CreateTime>1700000000</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[SCAN]]></Event>
<EventKey><![CDATA[scene_abc-123]]></EventKey>
<Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket>
</xml>`;

const SUBSCRIBE = `<xml><ToUserName><![CDATA[gh_123456789abc]]></ToUserName>
<FromUserName><![CDATA[oNEWFOLLOWER]]></FromUserName>
<CreateTime>1700000001</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[subscribe]]></Event>
<EventKey><![CDATA[qrscene_scene_xyz]]></EventKey>
<Ticket><![CDATA[ticket]]></Ticket>
</xml>`;

describe('WeChat event XML', () => {
  it('reads the flat elements, CDATA or plain text', () => {
    expect(parseWechatXml(SCAN)).toEqual({
      ToUserName: 'gh_123456789abc',
      FromUserName: 'oABCD1234openid',
      CreateTime: '1700000000',
      MsgType: 'event',
      Event: 'SCAN',
      EventKey: 'scene_abc-123',
      Ticket: expect.stringMatching(/^gQH47/),
    });
  });

  it('decodes the five XML entities in plain text and keeps CDATA as it is', () => {
    expect(
      parseWechatXml('<xml><A>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;</A><B><![CDATA[&lt;raw>]]></B></xml>'),
    ).toEqual({
      A: `a <b> & "c" 'd'`,
      B: '&lt;raw>',
    });
  });

  it('accepts an XML declaration, refuses anything that is not one <xml> document', () => {
    expect(parseWechatXml('<?xml version="1.0"?>\n<xml><A>1</A></xml>\n')).toEqual({ A: '1' });
    expect(parseWechatXml('<root><A>1</A></root>')).toBeNull();
    expect(parseWechatXml('not xml')).toBeNull();
    expect(parseWechatXml('<!DOCTYPE x [<!ENTITY e "boom">]><xml><A>&e;</A></xml>')).toBeNull();
  });

  it('turns a SCAN event into a scan of its scene', () => {
    expect(scanFromEvent(parseWechatXml(SCAN)!)).toEqual({ openId: 'oABCD1234openid', sceneMark: 'scene_abc-123' });
  });

  it('turns a subscribe-by-scan event into a scan, stripping qrscene_', () => {
    expect(scanFromEvent(parseWechatXml(SUBSCRIBE)!)).toEqual({ openId: 'oNEWFOLLOWER', sceneMark: 'scene_xyz' });
  });

  it('ignores other messages: plain subscribe, text, clicks, events without a sender', () => {
    const base = { FromUserName: 'o1', MsgType: 'event' };
    expect(scanFromEvent({ ...base, Event: 'subscribe', EventKey: '' })).toBeNull();
    expect(scanFromEvent({ ...base, Event: 'subscribe' })).toBeNull();
    expect(scanFromEvent({ ...base, Event: 'CLICK', EventKey: 'menu' })).toBeNull();
    expect(scanFromEvent({ ...base, Event: 'SCAN', EventKey: '' })).toBeNull();
    expect(scanFromEvent({ FromUserName: 'o1', MsgType: 'text', Content: 'hello' })).toBeNull();
    expect(scanFromEvent({ MsgType: 'event', Event: 'SCAN', EventKey: 'x' })).toBeNull();
  });
});
