import { render } from '@testing-library/react';
import { Highlight, splitByQuery } from './Highlight';

describe('splitByQuery', () => {
  it('splits around every case-insensitive occurrence', () => {
    expect(splitByQuery('IP 归属地 ip', 'Ip')).toEqual([
      { text: 'IP', match: true },
      { text: ' 归属地 ', match: false },
      { text: 'ip', match: true },
    ]);
  });

  it('gives the whole text for an empty query or no match', () => {
    expect(splitByQuery('天气', ' ')).toEqual([{ text: '天气', match: false }]);
    expect(splitByQuery('天气', 'x')).toEqual([{ text: '天气', match: false }]);
  });
});

describe('Highlight', () => {
  it('marks the match and keeps HTML as text', () => {
    const { container } = render(<Highlight text="HTML 转义 <b>escape</b>" query="escape" />);
    expect(container.textContent).toBe('HTML 转义 <b>escape</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.querySelector('mark')).toHaveTextContent('escape');
  });

  it('leaves a text without a match as it is, also when it looks like HTML', () => {
    for (const query of ['', ' ', 'y']) {
      const { container, unmount } = render(<Highlight text="天气 <b>x</b>" query={query} />);
      expect(container.querySelector('mark, b')).toBeNull();
      expect(container.innerHTML).toBe('天气 &lt;b&gt;x&lt;/b&gt;');
      unmount();
    }
  });
});
