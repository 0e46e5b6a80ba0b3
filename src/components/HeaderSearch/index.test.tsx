import { fireEvent, screen, waitFor } from '@testing-library/react';
import HeaderSearch, { searchUrl } from '.';
import { renderWithAntd } from '@/testing/render';

const mockPush = jest.fn();
jest.mock('@umijs/max', () => ({ history: { push: (to: string) => mockPush(to) } }));

describe('searchUrl', () => {
  it('filters the home page by the trimmed text', () => {
    expect(searchUrl(' 天气 ')).toBe('/?searchText=%E5%A4%A9%E6%B0%94');
    expect(searchUrl('a&b=c')).toBe('/?searchText=a%26b%3Dc');
  });

  it('opens the plain home page for blank text', () => {
    expect(searchUrl('   ')).toBe('/');
  });
});

describe('HeaderSearch', () => {
  beforeEach(() => mockPush.mockClear());

  it('has the site-search placeholder', () => {
    renderWithAntd(<HeaderSearch />);
    expect(screen.getByPlaceholderText('站内搜索')).toBeInTheDocument();
  });

  it('opens the filtered home page on Enter, once', async () => {
    renderWithAntd(<HeaderSearch />);
    const input = screen.getByPlaceholderText('站内搜索');
    fireEvent.change(input, { target: { value: 'weather' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/?searchText=weather'));
    expect(mockPush).toHaveBeenCalledTimes(1);
  });

  it('offers canned suggestions and opens the one chosen', async () => {
    renderWithAntd(<HeaderSearch />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.focus(screen.getByRole('combobox'));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'I' } });
    fireEvent.click(await screen.findByTitle('IP'));
    expect(mockPush).toHaveBeenCalledWith('/?searchText=IP');
  });
});
