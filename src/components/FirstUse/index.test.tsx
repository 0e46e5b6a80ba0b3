import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionLink } from '@/components/ActionLink';
import { LazyPopconfirm, LazyTooltip } from '.';

describe('LazyTooltip', () => {
  it('mounts no tooltip until the pointer comes, then shows it at once', async () => {
    const { container } = render(
      <LazyTooltip title="ID：1800000000000123457">
        <span>…123457</span>
      </LazyTooltip>,
    );
    // Nothing of antd's trigger yet: no tooltip, and the span is the whole of it.
    expect(container.innerHTML).toBe('<span>…123457</span>');
    fireEvent.mouseEnter(screen.getByText('…123457'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('ID：1800000000000123457');
  });

  it('opens on focus and leaves the focus on its child', async () => {
    render(
      <LazyTooltip title="复制地址">
        <button type="button">copy</button>
      </LazyTooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('复制地址');
    // The child is a new element inside the tooltip's trigger: it has the focus all the same.
    expect(screen.getByRole('button', { name: 'copy' })).toHaveFocus();
  });
});

describe('LazyPopconfirm', () => {
  it('opens at the first click, and its answer is the one asked for', async () => {
    const onConfirm = jest.fn();
    render(
      <LazyPopconfirm title="确定删除？" okText="确定删除" cancelText="取消" onConfirm={onConfirm}>
        <ActionLink>删除接口</ActionLink>
      </LazyPopconfirm>,
    );
    expect(screen.queryByText('确定删除？')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '删除接口' }));
    expect(await screen.findByText('确定删除？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定删除' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('opens from the keyboard, the focus staying on its child', async () => {
    render(
      <LazyPopconfirm title="确定下线？">
        <ActionLink>下线</ActionLink>
      </LazyPopconfirm>,
    );
    await userEvent.tab();
    await act(() => userEvent.keyboard('{Enter}'));
    expect(await screen.findByText('确定下线？')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下线' })).toHaveFocus();
  });
});
