import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import { Loaded, LoadError } from '.';

describe('LoadError', () => {
  it('says what failed with the server message, and 重试 loads again', () => {
    const onRetry = jest.fn();
    render(
      <LoadError
        message="接口列表加载失败"
        error={new ApiError({ code: 50000, message: '数据库不可用', data: null })}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('接口列表加载失败');
    expect(alert).toHaveTextContent('数据库不可用');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('Loaded', () => {
  const failure = new ApiError({ code: 50000, message: '数据库不可用', data: null });
  const show = (props: { data?: string[]; error?: unknown; loading: boolean }, onRetry = jest.fn()) =>
    render(
      <Loaded
        data={props.data}
        error={props.error}
        loading={props.loading}
        onRetry={onRetry}
        failed="密钥列表加载失败"
      >
        {(rows) => (
          <ul aria-label="密钥">
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </Loaded>,
    );

  it('shows a skeleton until the first answer, and nothing of a failure while it retries', () => {
    const { container, rerender } = show({ loading: true });
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    rerender(
      <Loaded data={undefined} error={failure} loading onRetry={jest.fn()} failed="密钥列表加载失败">
        {() => null}
      </Loaded>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure with its retry when the first load failed', () => {
    const onRetry = jest.fn();
    show({ error: failure, loading: false }, onRetry);
    expect(screen.getByRole('alert')).toHaveTextContent('密钥列表加载失败');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps what it has when a reload fails', () => {
    show({ data: ['生产'], error: failure, loading: false });
    expect(screen.getByRole('list', { name: '密钥' })).toHaveTextContent('生产');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
