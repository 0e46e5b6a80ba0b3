import DOMPurify from 'dompurify';
import { micromark } from 'micromark';

/** What a description may keep: text formatting, lists, quotes, code, headings and tables. */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'a', 'em', 'strong', 'b', 'i', 'del', 's', 'sub', 'sup', 'code', 'kbd', 'pre',
  'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];
/** `start` numbers a list that does not begin at 1, as CommonMark writes it. */
const ALLOWED_ATTR = ['href', 'title', 'start'];
/** Attributes that hold no address, so are not held to ALLOWED_URI (DOMPurify knows `title` already). */
const NOT_ADDRESSES = ['start'];
/** Links leave for the web or a mail client only: an imported document's relative links point nowhere here. */
const ALLOWED_URI = /^(?:https?:|mailto:)/i;

// An instance of its own, so that these hooks change no other use of DOMPurify.
const purify = DOMPurify(window);
// An image would be fetched from the document's author's server: its alternative text stays instead.
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName !== 'img' || !(node instanceof Element)) return;
  const alt = node.getAttribute('alt');
  if (alt) node.parentNode?.insertBefore(node.ownerDocument.createTextNode(alt), node);
});
// A link opens beside the console and tells the linked site nothing about it; one whose address was
// refused (CommonMark leaves it empty) is no link at all.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
  if (!node.getAttribute('href')?.trim()) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer nofollow');
});

/** CommonMark (raw HTML included, as OpenAPI allows) as HTML that keeps only the harmless tags. */
export function renderMarkdown(text: string): string {
  return purify.sanitize(micromark(text, { allowDangerousHtml: true }), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ADD_URI_SAFE_ATTR: NOT_ADDRESSES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** Blocks whose end reads as a space once the markup is gone, so words of two paragraphs never join. */
const BLOCKS = 'p, li, br, h1, h2, h3, h4, h5, h6, pre, blockquote, tr, th, td, hr';

/** What a reader of the rendered description would read, on one line: the text of a card's summary. */
export function markdownText(text: string): string {
  const body = new DOMParser().parseFromString(renderMarkdown(text), 'text/html').body;
  body.querySelectorAll(BLOCKS).forEach((block) => block.after(' '));
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
