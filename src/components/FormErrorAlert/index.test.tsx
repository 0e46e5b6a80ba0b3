import { screen } from '@testing-library/react';
import { renderWithAntd } from '@/testing/render';
import { FormErrorAlert } from '.';

describe('FormErrorAlert', () => {
  const scrolled = jest.fn();
  beforeEach(() => {
    // jsdom lays nothing out and has no scrollIntoView.
    Element.prototype.scrollIntoView = scrolled;
    scrolled.mockClear();
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('says what failed with the server reason, and scrolls to it when it comes and when the reason changes', () => {
    const { rerender } = renderWithAntd(
      <FormErrorAlert title="保存失败" message="接口地址已被其他接口使用" />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('保存失败');
    expect(alert).toHaveTextContent('接口地址已被其他接口使用');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(alert);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });

    rerender(<FormErrorAlert title="保存失败" message="套餐已下架" />);
    expect(screen.getByRole('alert')).toHaveTextContent('套餐已下架');
    expect(scrolled).toHaveBeenCalledTimes(2);
  });
});
