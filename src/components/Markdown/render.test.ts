import { markdownText, renderMarkdown } from './render';

/** The rendered HTML as a tree, to ask it questions as a browser would. */
function rendered(text: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(text);
  return root;
}

describe('renderMarkdown', () => {
  it('renders CommonMark: emphasis, code, lists, quotes and links', () => {
    const root = rendered('A *new* **customer** with `id`.\n\n- one\n- two\n\n3. three\n\n> quoted\n\n[docs](https://docs.example/x "Docs")');
    expect(root.querySelector('em')).toHaveTextContent('new');
    expect(root.querySelector('strong')).toHaveTextContent('customer');
    expect(root.querySelector('code')).toHaveTextContent('id');
    expect(root.querySelectorAll('ul > li')).toHaveLength(2);
    expect(root.querySelector('ol')).toHaveAttribute('start', '3');
    expect(root.querySelector('blockquote')).toHaveTextContent('quoted');
    const link = root.querySelector('a');
    expect(link).toHaveAttribute('href', 'https://docs.example/x');
    expect(link).toHaveAttribute('title', 'Docs');
  });

  it('opens links in a new tab, telling the linked site nothing', () => {
    const link = rendered('<a href="https://docs.example">docs</a>').querySelector('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('keeps HTML as HTML: a paragraph of HTML is a paragraph, not its tags as text', () => {
    const root = rendered('<p>Creates a new customer object.</p>');
    expect(root.querySelector('p')).toHaveTextContent('Creates a new customer object.');
    expect(root.textContent).not.toContain('<p>');
  });

  it('removes scripts, handlers, frames, styles and dangerous addresses', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(2)">',
        '[x](javascript:alert(3))',
        '<a href="javascript:alert(4)">y</a>',
        '<a href="data:text/html,<script>alert(5)</script>">z</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<style>body{display:none}</style>',
        '<p onclick="alert(6)" style="color:red" class="x" data-x="1">kept</p>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|data:|iframe|style|class=|data-x|<img/i);
    const root = rendered(html);
    expect(root.querySelectorAll('a[href]')).toHaveLength(0);
    expect(root).toHaveTextContent('kept');
  });

  it('shows an image as its alternative text, fetching nothing', () => {
    const root = rendered('See ![the diagram](https://tracker.example/pixel.png).');
    expect(root.querySelector('img')).toBeNull();
    expect(root).toHaveTextContent('See the diagram.');
  });

  it('keeps harmless HTML formatting: tables, strike-through, line breaks', () => {
    const root = rendered('<table><tr><th>a</th></tr><tr><td>b</td></tr></table>\n\nold<del>x</del><br>new');
    expect(root.querySelector('th')).toHaveTextContent('a');
    expect(root.querySelector('td')).toHaveTextContent('b');
    expect(root.querySelector('del')).toHaveTextContent('x');
    expect(root.querySelector('br')).not.toBeNull();
  });
});

describe('markdownText', () => {
  it('reads a description as its words on one line', () => {
    expect(markdownText('<p>Creates a</p>\n\n**new** customer.\n\n- one\n- [two](https://x.example)')).toBe(
      'Creates a new customer. one two',
    );
  });

  it('keeps code as its text and drops what could run', () => {
    expect(markdownText('例如 `<b>粗体</b>` 会变成文字<script>alert(1)</script><img alt="图" src=x>')).toBe(
      '例如 <b>粗体</b> 会变成文字图',
    );
  });
});
