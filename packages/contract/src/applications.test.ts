import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import {
  appCreateBody,
  appDeleteBody,
  appIdQuery,
  appListQuery,
  appName,
  appUpdateBody,
  DECODER_MAX,
  decoder,
  isHttpUrl,
  PUSH_HEADER_FORBIDDEN_MSG,
  PUSH_HEADERS_FORBIDDEN,
  PUSH_URLS_MAX,
  pushHeaders,
  pushLinksOf,
  pushUrls,
} from './applications';
import { HEADERS_MAX, NAME_MAX } from './limits';

const headersOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-H${i}`, `v${i}`]));

describe('application name', () => {
  it('is trimmed, 1 to NAME_MAX characters', () => {
    expect(appName.parse('  farm  ')).toBe('farm');
    expect(appName.parse('a'.repeat(NAME_MAX))).toHaveLength(NAME_MAX);
    expect(issues(appName, 'a'.repeat(NAME_MAX + 1))).toMatchObject([{ code: 'too_big' }]);
    expect(issues(appName, '   ')).toEqual([
      { path: '', code: 'too_small', message: 'application name cannot be empty' },
    ]);
    expect(issues(appName, 12)).toMatchObject([{ code: 'invalid_type' }]);
  });
});

describe('push URLs of an application', () => {
  it('drop empty entries, trim the rest and keep http(s) URLs', () => {
    expect(pushUrls.parse([' https://a.example/x ', '', '  ', 'http://b.example'])).toEqual([
      'https://a.example/x',
      'http://b.example',
    ]);
  });

  it('take PUSH_URLS_MAX URLs of up to 512 characters', () => {
    const urls = Array.from({ length: PUSH_URLS_MAX }, (_, i) => `http://h${i}.example`);
    expect(pushUrls.parse(urls)).toHaveLength(PUSH_URLS_MAX);
    expect(issues(pushUrls, [...urls, 'http://one-more.example'])).toMatchObject([{ path: '', code: 'too_big' }]);
    const long = `http://a.example/${'p'.repeat(512 - 'http://a.example/'.length)}`;
    expect(pushUrls.parse([long])).toEqual([long]);
    expect(issues(pushUrls, [`${long}p`])).toMatchObject([{ path: '0', code: 'too_big' }]);
  });

  it('refuse other schemes and non-URLs at their position', () => {
    for (const bad of ['ftp://a.example', 'javascript:alert(1)', 'a.example', 'http://', 'file:///etc/passwd']) {
      expect(issues(pushUrls, ['http://ok.example', bad])).toEqual([
        { path: '1', code: 'custom', message: 'must be an http or https URL' },
      ]);
    }
  });

  it('refuse a non-array and non-string entries', () => {
    expect(issues(pushUrls, 'http://a.example')[0]).toMatchObject({ path: '', code: 'invalid_type' });
    expect(issues(pushUrls, [5])).toMatchObject([{ path: '0', code: 'invalid_type' }]);
    expect(issues(pushUrls, [null])).toMatchObject([{ path: '0', code: 'invalid_type' }]);
  });

  it('isHttpUrl and pushLinksOf agree with the schema', () => {
    expect(isHttpUrl('https://a.example:8443/p?q=1')).toBe(true);
    expect(isHttpUrl('mailto:a@b.example')).toBe(false);
    expect(pushLinksOf('http://a.example/base//')).toEqual({
      pushUrl: 'http://a.example/base//',
      joinURL: 'http://a.example/base/join',
      uplinkURL: 'http://a.example/base/uplink',
    });
  });
});

describe('push headers of an application', () => {
  it('take a map or {key, value} rows, trimmed, dropping rows with an empty key or value', () => {
    expect(pushHeaders.parse({ ' Authorization ': ' Bearer x ', 'X-Empty': '', '': 'v' })).toEqual({
      Authorization: 'Bearer x',
    });
    expect(
      pushHeaders.parse([
        { key: 'X-A', value: '1' },
        { key: ' ', value: '2' },
        { key: 'X-B', value: null },
        null,
        { key: 'X-C', value: ' 3 ' },
      ]),
    ).toEqual({ 'X-A': '1', 'X-C': '3' });
  });

  it('take HEADERS_MAX headers, counted after empty rows are dropped', () => {
    expect(Object.keys(pushHeaders.parse(headersOf(HEADERS_MAX)))).toHaveLength(HEADERS_MAX);
    expect(pushHeaders.parse({ ...headersOf(HEADERS_MAX), 'X-Blank': ' ' })).toEqual(headersOf(HEADERS_MAX));
    expect(issues(pushHeaders, headersOf(HEADERS_MAX + 1))).toEqual([
      { path: '', code: 'custom', message: `at most ${HEADERS_MAX} headers` },
    ]);
  });

  it('want HTTP token names up to 64 characters and one-line values up to 512', () => {
    const name = 'X'.repeat(64);
    expect(pushHeaders.parse({ [name]: 'v'.repeat(512) })).toEqual({ [name]: 'v'.repeat(512) });
    expect(issues(pushHeaders, { [`${name}X`]: 'v' })).toMatchObject([
      { path: `${name}X`, message: 'header names are letters, digits and - _ .' },
    ]);
    expect(issues(pushHeaders, { 'X Space': 'v' })).toMatchObject([{ path: 'X Space', code: 'invalid_key' }]);
    expect(issues(pushHeaders, { 'X-A': 'v'.repeat(513) })).toMatchObject([{ path: 'X-A', code: 'too_big' }]);
    expect(issues(pushHeaders, { 'X-A': 'a\r\nInjected: 1' })).toMatchObject([{ path: 'X-A', code: 'invalid_format' }]);
  });

  it('refuse every hop-by-hop and Host-style header whatever its case, naming it', () => {
    for (const h of PUSH_HEADERS_FORBIDDEN) {
      const sent = h.toUpperCase();
      expect(issues(pushHeaders, { 'X-Ok': '1', [sent]: 'v' })).toEqual([
        { path: sent, code: 'custom', message: PUSH_HEADER_FORBIDDEN_MSG },
      ]);
    }
    expect(pushHeaders.parse({ Authorization: 'a', 'Content-Type': 'b' })).toEqual({
      Authorization: 'a',
      'Content-Type': 'b',
    });
  });

  it('refuse values that are not text and bodies that are not maps or rows', () => {
    expect(issues(pushHeaders, { 'X-A': 5 })).toMatchObject([{ path: 'X-A', code: 'invalid_type' }]);
    for (const v of ['Authorization: x', 5, true])
      expect(issues(pushHeaders, v)).toMatchObject([{ code: 'invalid_type' }]);
  });
});

describe('decoder', () => {
  it('defaults to none and takes a script of DECODER_MAX characters', () => {
    expect(decoder.parse({})).toEqual({ name: '', type: 'none', content: '' });
    expect(decoder.parse({ type: 'javascript', content: 'x'.repeat(DECODER_MAX) }).content).toHaveLength(DECODER_MAX);
    expect(issues(decoder, { content: 'x'.repeat(DECODER_MAX + 1) })).toMatchObject([
      { path: 'content', code: 'too_big' },
    ]);
    expect(issues(decoder, { type: 'lua' })).toMatchObject([{ path: 'type', code: 'invalid_value' }]);
    expect(issues(decoder, { name: 'n'.repeat(NAME_MAX + 1) })).toMatchObject([{ path: 'name', code: 'too_big' }]);
  });
});

describe('application bodies', () => {
  it('fill the defaults of a create', () => {
    expect(appCreateBody.parse({ appName: 'farm' })).toEqual({
      appName: 'farm',
      pushUrls: [],
      headers: {},
      enableMQTT: false,
      productType: 'lorawan',
      protocol: '',
    });
  });

  it('read enableMQTT as a boolean or 0/1, as number or text', () => {
    for (const [v, out] of [
      [true, true],
      [1, true],
      ['1', true],
      [false, false],
      [0, false],
      ['0', false],
    ] as const) {
      expect(appCreateBody.parse({ appName: 'a', enableMQTT: v }).enableMQTT).toBe(out);
    }
    for (const v of ['true', 2, 'yes', null]) {
      expect(issues(appCreateBody, { appName: 'a', enableMQTT: v })).toMatchObject([{ path: 'enableMQTT' }]);
    }
  });

  it('refuse an unknown product type and a protocol name past NAME_MAX', () => {
    expect(issues(appCreateBody, { appName: 'a', productType: 'zigbee' })).toMatchObject([{ path: 'productType' }]);
    expect(appCreateBody.parse({ appName: 'a', protocol: ' p ' }).protocol).toBe('p');
    expect(issues(appCreateBody, { appName: 'a', protocol: 'p'.repeat(NAME_MAX + 1) })).toMatchObject([
      { path: 'protocol', code: 'too_big' },
    ]);
  });

  it('name the application by id in updates, queries and deletes', () => {
    expect(issues(appUpdateBody, { appName: 'a' })).toMatchObject([{ path: 'appID', code: 'invalid_type' }]);
    expect(appIdQuery.parse({ appID: '7' })).toEqual({ appID: 7 });
    expect(appDeleteBody.parse({ appIDs: Array.from({ length: 1000 }, (_, i) => i + 1) }).appIDs).toHaveLength(1000);
    expect(issues(appDeleteBody, { appIDs: Array.from({ length: 1001 }, (_, i) => i + 1) })).toMatchObject([
      { path: 'appIDs', code: 'too_big' },
    ]);
    expect(issues(appDeleteBody, { appIDs: [] })).toMatchObject([{ path: 'appIDs', code: 'too_small' }]);
  });

  it('list every application with 0,0', () => {
    expect(appListQuery.parse({ pageNo: '0', pageSize: '0' })).toMatchObject({ pageNo: 0, pageSize: 0 });
    expect(issues(appListQuery, { orderBy: 'mqPassword' })).toMatchObject([{ path: 'orderBy' }]);
  });
});
