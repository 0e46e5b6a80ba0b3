import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { renderWithAntd } from '@/testing/render';
import { UsageTable } from './UsageTable';

function usage(id: string, name: string, over: Partial<API.InterfaceUsage> = {}): API.InterfaceUsage {
  return {
    interfaceInfoId: id,
    name,
    method: 'GET',
    status: 1,
    calls: 10,
    errors: 0,
    successRate: 1,
    avgLatency: 50,
    p95Latency: 90,
    lastCallTime: '2026-11-22 10:00:00',
    ...over,
  };
}

/** The table of a live interface (20 calls) and a deleted one, with its callbacks. */
function renderLiveAndDeleted() {
  const onOpen = jest.fn();
  const onCallers = jest.fn();
  renderWithAntd(
    <MemoryRouter>
      <h2 id="usage">明细</h2>
      <UsageTable
        rows={[usage('1', '天气查询', { calls: 20 }), usage('2', '旧接口', { deleted: true, status: 0 })]}
        startDate="2026-11-16"
        endDate="2026-11-22"
        onOpen={onOpen}
        onCallers={onCallers}
        headingId="usage"
      />
    </MemoryRouter>,
  );
  return { onOpen, onCallers };
}

test('a deleted interface keeps its row under its name, marked 已删除, with no link and no click to its page', async () => {
  const { onOpen } = renderLiveAndDeleted();

  const table = screen.getByRole('table', { name: '明细' });
  const deletedRow = within(table).getByText('旧接口').closest('tr')!;
  expect(within(deletedRow).getByText('已删除')).toBeInTheDocument();
  expect(within(deletedRow).queryByText('已下线')).not.toBeInTheDocument();
  expect(within(deletedRow).queryByRole('link')).not.toBeInTheDocument();
  await userEvent.click(within(deletedRow).getByText('旧接口'));
  expect(onOpen).not.toHaveBeenCalled();

  const liveRow = within(table).getByRole('link', { name: '天气查询' }).closest('tr')!;
  expect(within(liveRow).queryByText('已删除')).not.toBeInTheDocument();
  await userEvent.click(within(liveRow).getByText('20'));
  expect(onOpen).toHaveBeenCalledWith('1');
});

test("each row's callers open from a button of their own, the deleted interface's too, without opening its page", async () => {
  const { onOpen, onCallers } = renderLiveAndDeleted();

  await userEvent.click(screen.getByRole('button', { name: '查看「天气查询」的调用方与状态码分布' }));
  expect(onCallers).toHaveBeenLastCalledWith('1');
  screen.getByRole('button', { name: '查看「旧接口」的调用方与状态码分布' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(onCallers).toHaveBeenLastCalledWith('2');
  expect(onOpen).not.toHaveBeenCalled();
});
