/**
 * @jest-environment node
 */
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { canonicalRequest, EMPTY_BODY_SHA256 } from '@agler/contract/signature';

/**
 * The developer guide (public/help/index.html) teaches the gateway's signature with worked
 * examples; each is recomputed here with the contract's canonical text and node:crypto, so the
 * guide cannot drift from what the gateway checks.
 */
const guidePath = path.join(__dirname, '../../../public/help/index.html');
const document = new JSDOM(fs.readFileSync(guidePath, 'utf8')).window.document;
const examples = [...document.querySelectorAll('[data-example]')];

function field(example: Element, name: string): string {
  const element = example.querySelector(`[data-field="${name}"]`);
  if (!element) throw new Error(`example "${example.getAttribute('data-example')}" has no ${name}`);
  return element.textContent ?? '';
}

describe('the developer guide', () => {
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

  it('is plain HTML: no script, and only files served with the console', () => {
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
    const stylesheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(stylesheets).toEqual(['/help/help.css']);
    expect(fs.existsSync(path.join(__dirname, '../../../public/help/help.css'))).toBe(true);
  });
});
