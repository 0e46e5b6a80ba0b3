import { fireEvent, screen, within } from '@testing-library/react';
import type { CallHistoryEntry } from '@agler/contract/invoke';
import { renderWithAntd } from '@/testing/render';
import { CallHistory } from './CallHistory';

const TIME = '2026-01-02T03:04:05.000Z';
const entry = (over: Partial<CallHistoryEntry>): CallHistoryEntry => ({
  time: TIME,
  status: 200,
  success: true,
  durationMs: 31,
  bytes: 80,
  params: '{"city":"杭州"}',
  ...over,
});

function show(entries: CallHistoryEntry[], onFill = jest.fn()) {
  renderWithAntd(<CallHistory entries={entries} onRetry={jest.fn()} onFill={onFill} />);
  const history = screen.getByRole('region', { name: '最近调用' });
  // The first row is the table's head.
  const rows = within(history).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(entries.length);
  return rows;
}

const tagOf = (row: HTMLElement, text: string) => within(row).getByText(text, { exact: true }).closest('.ant-tag');

describe('CallHistory', () => {
  it('shows a recorded status as its code, coloured by its class', () => {
    const [ok, refused] = show([entry({}), entry({ status: 400, success: false })]);
    expect(tagOf(ok, '200')).toHaveClass('ant-tag-success');
    expect(tagOf(refused, '400')).toHaveClass('ant-tag-warning');
  });

  it('says 成功 without a code for a successful call whose status was not recorded, and 无应答 only for a failed one', () => {
    const [seeded, unanswered] = show([
      entry({ status: null, success: true, params: null }),
      entry({ status: null, success: false, params: null }),
    ]);
    expect(tagOf(seeded, '成功')).toHaveClass('ant-tag-success');
    expect(within(seeded).queryByText('无应答')).not.toBeInTheDocument();
    expect(within(seeded).queryByText(/^\d{3}$/)).not.toBeInTheDocument();
    expect(tagOf(unanswered, '无应答')).not.toBeNull();
    expect(within(unanswered).queryByText('成功')).not.toBeInTheDocument();
  });

  it('tells parameters too long to keep from parameters never recorded, without saying how the call was made', () => {
    const [truncated, unrecorded] = show([
      entry({ params: null, paramsTruncated: true }),
      entry({ status: null, params: null }),
    ]);
    expect(within(truncated).getByText('参数过长未保存', { exact: true })).toHaveAttribute('title', '参数超过 4 KB，未保存');
    expect(within(truncated).queryByText('未记录参数')).not.toBeInTheDocument();
    expect(within(unrecorded).getByText('未记录参数', { exact: true })).toBeInTheDocument();
    expect(within(unrecorded).queryByText(/网关/)).not.toBeInTheDocument();
    // Nothing to put back for either.
    expect(within(truncated).queryByRole('button', { name: /^填入/ })).not.toBeInTheDocument();
    expect(within(unrecorded).queryByRole('button', { name: /^填入/ })).not.toBeInTheDocument();
  });

  it('shows recorded parameters on one line, empty ones as 无参数, and fills them back', () => {
    const onFill = jest.fn();
    const [withParams, empty] = show([entry({ params: '{\n  "city": "杭州"\n}' }), entry({ params: '' })], onFill);
    expect(within(withParams).getByText('{"city":"杭州"}', { exact: true })).toBeInTheDocument();
    expect(within(empty).getByText('无参数', { exact: true })).toBeInTheDocument();
    fireEvent.click(within(withParams).getByRole('button', { name: /^填入/ }));
    expect(onFill).toHaveBeenCalledWith('{\n  "city": "杭州"\n}');
  });
});
