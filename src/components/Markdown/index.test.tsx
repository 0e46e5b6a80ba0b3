import { screen } from '@testing-library/react';
import { renderWithAntd } from '@/testing/render';
import { hasMarkup, Markdown, useMarkdownText } from '.';
import { loadRenderer } from './load';

jest.mock('./load', () => ({ loadRenderer: jest.fn(async () => jest.requireActual('./render')) }));

describe('hasMarkup', () => {
  it.each(['城市名，如 北京、上海', '天数，1 到 7，默认 3', 'Returns the weather. See https://x.example/a-b'])(
    'reads %j as plain text',
    (text) => expect(hasMarkup(text)).toBe(false),
  );
  it.each(['*a*', 'a `b`', '<p>a</p>', '[a](b)', '# a', '- a', '1. a', 'a\n\nb', 'a &amp; b', 'snake_case'])(
    'reads %j as possible markup',
    (text) => expect(hasMarkup(text)).toBe(true),
  );
});

describe('Markdown', () => {
  it('renders Markdown and HTML as formatting', async () => {
    const { container } = renderWithAntd(<Markdown text={'<p>Creates a new customer object.</p>\n\nWith *care* and `code`.'} />);
    expect((await screen.findByText('Creates a new customer object.')).tagName).toBe('P');
    expect(screen.getByText('care').tagName).toBe('EM');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(container).not.toHaveTextContent('<p>');
  });

  it('shows plain text as it is, without loading the parser', () => {
    jest.mocked(loadRenderer).mockClear();
    const { container } = renderWithAntd(<Markdown text="城市名，如 北京、上海" />);
    expect(container.firstElementChild).toHaveTextContent('城市名，如 北京、上海');
    expect(container.querySelector('p')).toBeNull();
    expect(loadRenderer).not.toHaveBeenCalled();
  });

  it('leaves out what could run', async () => {
    const { container } = renderWithAntd(<Markdown text={'*safe* <script>window.ran = 1</script><img src=x onerror="window.ran = 2">'} />);
    expect((await screen.findByText('safe')).tagName).toBe('EM');
    expect(container.querySelector('script, img')).toBeNull();
  });
});

describe('useMarkdownText', () => {
  function Summary({ text }: { text: string }) {
    return <p data-testid="summary">{useMarkdownText(text)}</p>;
  }

  it('gives a description with markup as the words a reader sees', async () => {
    renderWithAntd(<Summary text={'**快速** <b>查询</b> IP'} />);
    expect(await screen.findByText('快速 查询 IP')).toBeInTheDocument();
  });

  it('gives plain text as it is, without loading the parser', () => {
    jest.mocked(loadRenderer).mockClear();
    renderWithAntd(<Summary text="城市名，如 北京、上海" />);
    expect(screen.getByTestId('summary')).toHaveTextContent('城市名，如 北京、上海');
    expect(loadRenderer).not.toHaveBeenCalled();
  });
});
