import { render, screen } from '@testing-library/react';

import HelpLink, { DEFAULT_HELP_URL } from '.';

/** HELP_URL as a build's define would set it (undefined: no define, as in tests by default). */
function buildWith(value: string | undefined) {
  const global = globalThis as { HELP_URL?: string };
  if (value === undefined) delete global.HELP_URL;
  else global.HELP_URL = value;
}

afterEach(() => {
  delete (globalThis as { HELP_URL?: string }).HELP_URL;
});

describe('HelpLink', () => {
  it('opens the bundled developer guide by default, in a new tab', () => {
    buildWith(undefined);
    render(<HelpLink />);
    const link = screen.getByRole('link', { name: '使用文档' });
    expect(DEFAULT_HELP_URL).toBe('/help/index.html');
    expect(link).toHaveAttribute('href', '/help/index.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('keeps the bundled guide when the build sets HELP_URL empty', () => {
    buildWith('  ');
    render(<HelpLink />);
    expect(screen.getByRole('link', { name: '使用文档' })).toHaveAttribute('href', '/help/index.html');
  });

  it('follows HELP_URL when the build sets one', () => {
    buildWith('https://docs.example.com/agler/');
    render(<HelpLink />);
    expect(screen.getByRole('link', { name: '使用文档' })).toHaveAttribute(
      'href',
      'https://docs.example.com/agler/',
    );
  });
});
