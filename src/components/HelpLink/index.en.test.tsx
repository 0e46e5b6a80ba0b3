import { render, screen } from '@testing-library/react';
import { startLanguage } from '@/locales';

import HelpLink from '.';
import { loadEnglish } from '@/testing/english';

beforeAll(() => startLanguage('en-US', loadEnglish));

afterEach(() => {
  delete (globalThis as { HELP_URL?: string }).HELP_URL;
});

describe('HelpLink on an English page', () => {
  it('opens the English guide, in a new tab', () => {
    render(<HelpLink />);
    const link = screen.getByRole('link', { name: 'Developer guide' });
    expect(link).toHaveAttribute('href', '/help/en.html');
    expect(link).toHaveAttribute('title', 'Developer guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: '使用文档' })).toBeNull();
  });

  it('still follows HELP_URL when the build sets one', () => {
    (globalThis as { HELP_URL?: string }).HELP_URL = 'https://docs.example.com/agler/';
    render(<HelpLink />);
    expect(screen.getByRole('link', { name: 'Developer guide' })).toHaveAttribute(
      'href',
      'https://docs.example.com/agler/',
    );
  });
});
