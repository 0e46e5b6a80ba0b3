import { screen, waitFor, within } from '@testing-library/react';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { startCatalogue } from './earlyCatalogue';
import HomePage from './index';
import { INDEX_TEXTS } from './texts';

jest.mock('@/services/agler/interfaceInfo');

const listMock = jest.mocked(listInterfaceInfoByPage);

function answer(current: number): API.BaseResponsePageInterfaceInfo {
  const records = Array.from({ length: 12 }, (_, i) => ({
    id: String(1000 + (current - 1) * 12 + i),
    name: `天气 ${current}-${i + 1}`,
    description: '预报',
    url: 'https://api.example.com/weather',
    method: 'GET' as const,
    status: 1 as const,
  }));
  return { code: 0, data: { records, total: 40, current, size: 12, pages: 4 }, message: 'ok' };
}

const arrive = () =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

beforeEach(() => {
  listMock.mockReset();
  listMock.mockImplementation(async (params) => answer(params.current ?? 1));
});

describe('the catalogue opened by a deep link, its first view asked for with the session', () => {
  it('shows the view at once when the answer came before it, and asks only for the views after it', async () => {
    window.history.replaceState(null, '', '/');
    startCatalogue('');
    await arrive();
    const view = renderWithAntd(<HomePage />);
    // No placeholders first: the cards are there in the first render.
    expect(screen.queryByRole('list', { name: INDEX_TEXTS.loading })).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: INDEX_TEXTS.listLabel });
    expect(within(list).getAllByTestId('interface-card')).toHaveLength(12);
    expect(within(list).getByText('天气 1-1')).toBeInTheDocument();
    // …as the view asked for, not as an older one (which the page dims and gives no count).
    expect(screen.getByText(INDEX_TEXTS.total(40))).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledTimes(1);

    window.history.replaceState(null, '', '/?current=2');
    view.rerender(<HomePage />);
    expect(await screen.findByText('天气 2-1')).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledTimes(2);
    expect(listMock).toHaveBeenLastCalledWith(expect.objectContaining({ current: 2 }), {
      skipErrorHandler: true,
    });

    // Back on the first view, the page asks afresh: what came early is not kept for ever.
    window.history.replaceState(null, '', '/');
    view.rerender(<HomePage />);
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('天气 1-1')).toBeInTheDocument();
  });

  it('shows its placeholders while the answer is on its way, and takes it instead of asking again', async () => {
    window.history.replaceState(null, '', '/');
    let give!: () => void;
    listMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          give = () => resolve(answer(1));
        }),
    );
    startCatalogue('');
    renderWithAntd(<HomePage />);
    expect(screen.getByRole('list', { name: INDEX_TEXTS.loading })).toBeInTheDocument();
    give();
    expect(await screen.findByText('天气 1-1')).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledTimes(1);
  });
});
