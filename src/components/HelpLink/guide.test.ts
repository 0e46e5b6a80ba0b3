/**
 * @jest-environment node
 */
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { ResponseCode } from '@agler/contract/constants';
import {
  canonicalRequest,
  EMPTY_BODY_SHA256,
  NONCE_TTL_SECONDS,
  SIGNATURE_HEADERS,
  TIMESTAMP_TOLERANCE_SECONDS,
} from '@agler/contract/signature';
import { SECRET_ENV } from '@/pages/InterfaceInfo/gatewaySamples';

/**
 * The developer guide (public/help/index.html, and its English, en.html) teaches the gateway's
 * signature with worked examples; each is recomputed here with the contract's canonical text and
 * node:crypto, so neither version can drift from what the gateway checks, nor from the other.
 */
const helpDir = path.join(__dirname, '../../../public/help');
const load = (file: string) => new JSDOM(fs.readFileSync(path.join(helpDir, file), 'utf8')).window.document;
const GUIDES = [
  { file: 'index.html', lang: 'zh-CN', document: load('index.html') },
  { file: 'en.html', lang: 'en', document: load('en.html') },
] as const;
const [chinese, english] = GUIDES.map((guide) => guide.document);

function field(example: Element, name: string): string {
  const element = example.querySelector(`[data-field="${name}"]`);
  if (!element) throw new Error(`example "${example.getAttribute('data-example')}" has no ${name}`);
  return element.textContent ?? '';
}

const examplesOf = (document: Document) => [...document.querySelectorAll('[data-example]')];
/** The cells of the error table's first two columns: HTTP status and code. */
const errorRows = (document: Document) =>
  [...document.querySelectorAll('#errors ~ table tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent),
  );

describe.each(GUIDES)('the developer guide ($file)', ({ lang, document }) => {
  const examples = examplesOf(document);

  it(`is marked as ${lang}`, () => {
    expect(document.documentElement.lang).toBe(lang);
  });

  it('has a GET example with a query and a POST example with a body', () => {
    expect(examples.map((example) => field(example, 'method'))).toEqual(['GET', 'POST']);
    expect(field(examples[0], 'url')).toContain('?');
    expect(field(examples[1], 'body')).not.toBe('');
  });

  it.each(examples.map((example) => [example.getAttribute('data-example'), example] as const))(
    'prints the canonical text and sign the contract computes (%s)',
    (_name, example) => {
      const [pathname, query = ''] = field(example, 'url').split('?');
      const body = field(example, 'body');
      const bodySha256 = createHash('sha256').update(body, 'utf8').digest('hex');
      const canonical = canonicalRequest({
        method: field(example, 'method'),
        path: pathname,
        query,
        timestamp: field(example, 'timestamp'),
        nonce: field(example, 'nonce'),
        bodySha256,
      });
      expect(field(example, 'canonical')).toBe(canonical);
      const sign = createHmac('sha256', field(example, 'secretKey')).update(canonical, 'utf8').digest('hex');
      expect(field(example, 'sign')).toBe(sign);
    },
  );

  it('gives the empty body hash the contract uses', () => {
    expect(document.body.textContent).toContain(EMPTY_BODY_SHA256);
  });

  it('names the headers, limits and variable the gateway and the code samples use', () => {
    const headerTable = document.querySelector('#sign ~ table');
    const headerNames = [...(headerTable?.querySelectorAll('tbody tr td:first-child') ?? [])].map(
      (cell) => cell.textContent,
    );
    expect(headerNames).toEqual(Object.values(SIGNATURE_HEADERS));
    const text = document.body.textContent ?? '';
    expect(text).toContain(String(TIMESTAMP_TOLERANCE_SECONDS));
    expect(text).toContain(String(NONCE_TTL_SECONDS / 60));
    expect(text).toContain('X-Quota-Remaining');
    expect(text).toContain(SECRET_ENV);
  });

  it('lists error codes of the contract', () => {
    const codes = new Set<string>(Object.values(ResponseCode).map(String));
    for (const [, code] of errorRows(document)) expect(codes).toContain(code);
  });

  it('is plain HTML: no script, and only files served with the console', () => {
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
    const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    const stylesheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(stylesheets).toEqual(['/help/help.css']);
    expect(fs.existsSync(path.join(helpDir, 'help.css'))).toBe(true);
  });
});

describe('the verifiers of forwarded calls in the guide', () => {
  const examplesDir = path.join(__dirname, '../../../docs/examples');
  const FILES = ['verify-forwarded.mjs', 'verify_forwarded.py'];

  it.each(GUIDES.flatMap(({ file, document }) => FILES.map((name) => [file, name, document] as const)))(
    '%s prints docs/examples/%s exactly (the code the tests run on forwarded calls)',
    (_file, name, document) => {
      const blocks = [...document.querySelectorAll(`#forwarded ~ pre code[data-file="${name}"]`)];
      expect(blocks).toHaveLength(1);
      expect(blocks[0].textContent).toBe(fs.readFileSync(path.join(examplesDir, name), 'utf8'));
    },
  );
});

describe('the two versions of the guide', () => {
  it('link to each other at the top, each link in its own language', () => {
    const toEnglish = chinese.querySelector('header a[lang="en"]');
    expect(toEnglish?.textContent).toBe('English');
    expect(toEnglish?.getAttribute('href')).toBe('en.html');
    const toChinese = english.querySelector('header a[lang="zh-CN"]');
    expect(toChinese?.textContent).toBe('简体中文');
    expect(toChinese?.getAttribute('href')).toBe('index.html');
  });

  it('have the same sections, examples and error table', () => {
    const sections = (document: Document) => [...document.querySelectorAll('h2[id]')].map((h) => h.id);
    const contents = (document: Document) =>
      [...document.querySelectorAll('nav a')].map((link) => link.getAttribute('href'));
    const fields = (document: Document) =>
      [...document.querySelectorAll('[data-field]')].map((element) => [
        element.getAttribute('data-field'),
        element.textContent,
      ]);
    expect(sections(english)).toEqual(sections(chinese));
    expect(sections(chinese)).toHaveLength(7);
    expect(contents(english)).toEqual(contents(chinese));
    expect(fields(english)).toEqual(fields(chinese));
    expect(errorRows(english)).toEqual(errorRows(chinese));
    expect(errorRows(chinese).length).toBeGreaterThan(5);
    const codeBlocks = (document: Document) => [...document.querySelectorAll('pre')].length;
    expect(codeBlocks(english)).toBe(codeBlocks(chinese));
  });

  it('leaves no Chinese in the English one but the brand, the link to Chinese and the sample data', () => {
    const text = (english.body.textContent ?? '')
      .replaceAll('Agler接口', '')
      .replaceAll('简体中文', '')
      .replaceAll('北京', '')
      .replaceAll('你好', '');
    expect(text.match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g)).toBeNull();
    expect(english.title).toBe('Developer guide - Agler接口');
  });
});
