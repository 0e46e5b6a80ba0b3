import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import { LoadError } from '.';

// The request layer's only use of the framework is navigation on 40100.
jest.mock('@umijs/max', () => ({ history: { replace: jest.fn() } }));

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
