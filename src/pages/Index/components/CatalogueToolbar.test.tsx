import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithAntd } from '@/testing/render';
import { DEFAULT_QUERY } from '../queryState';
import { CatalogueToolbar } from './CatalogueToolbar';

const PHONE_QUERY = '(max-width: 575px)';
const desktopMatchMedia = window.matchMedia;

/** The screen as antd's breakpoints read it: a phone matches only the narrowest query. */
function screenIs(width: 'phone' | 'desktop') {
  window.matchMedia = (query: string) => ({
    ...desktopMatchMedia(query),
    matches: width === 'phone' && query === PHONE_QUERY,
  });
}

function renderToolbar() {
  const onChange = jest.fn();
  renderWithAntd(
    <CatalogueToolbar
      query={DEFAULT_QUERY}
      searchValue=""
      onSearchChange={jest.fn()}
      onSearch={jest.fn()}
      onChange={onChange}
    />,
  );
  return onChange;
}

afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

describe('the catalogue toolbar', () => {
  it('offers the methods side by side on a wide screen', async () => {
    screenIs('desktop');
    const onChange = renderToolbar();
    const methods = screen.getByRole('group', { name: '请求方法' });
    await userEvent.click(within(methods).getByText('PATCH'));
    expect(onChange).toHaveBeenLastCalledWith({ method: 'PATCH' });
  });

  it('offers the methods as a list on a phone, where six of them side by side do not fit', async () => {
    screenIs('phone');
    const onChange = renderToolbar();
    expect(screen.queryByRole('group', { name: '请求方法' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '请求方法' }));
    await userEvent.click(await screen.findByTitle('PATCH'));
    expect(onChange).toHaveBeenLastCalledWith({ method: 'PATCH' });
  });
});
