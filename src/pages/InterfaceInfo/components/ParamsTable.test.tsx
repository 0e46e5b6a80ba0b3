import { screen, within } from '@testing-library/react';
import { renderWithAntd } from '@/testing/render';
import { ParamsTable } from './ParamsTable';

jest.mock('@/components/Markdown/load', () => ({ loadRenderer: async () => jest.requireActual('@/components/Markdown/render') }));

const params = (description: string) => JSON.stringify([{ name: 'email', type: 'string', required: false, description }]);

describe('ParamsTable', () => {
  it('shows a parameter description written in Markdown and HTML as formatting', async () => {
    renderWithAntd(
      <ParamsTable
        requestParams={params('Customer’s *email* address, see [docs](https://docs.example/email).\n\n<p>At most <code>512</code> characters.</p>')}
      />,
    );
    const cell = await screen.findByRole('cell', { name: /Customer’s email address/ });
    expect(within(cell).getByText('email').tagName).toBe('EM');
    expect(within(cell).getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://docs.example/email');
    expect(within(cell).getByText('512').tagName).toBe('CODE');
    expect(cell).not.toHaveTextContent('<p>');
  });

  it('shows a plain description as it is, and a dash for none', () => {
    renderWithAntd(
      <ParamsTable
        requestParams={JSON.stringify([
          { name: 'city', type: 'string', required: true, description: '城市名，如 北京、上海' },
          { name: 'unit', type: 'string', required: false, description: '' },
        ])}
      />,
    );
    expect(screen.getByRole('cell', { name: '城市名，如 北京、上海' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '-' })).toBeInTheDocument();
  });

  it('leaves out what could run in a description', async () => {
    renderWithAntd(<ParamsTable requestParams={params('<img src=x onerror="alert(1)"><script>alert(2)</script>kept')} />);
    expect(await screen.findByRole('cell', { name: 'kept' })).toBeInTheDocument();
    expect(screen.getByRole('table').querySelector('img, script')).toBeNull();
  });
});
