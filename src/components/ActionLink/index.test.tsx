import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionLink } from '.';

describe('ActionLink', () => {
  it('is a button the keyboard reaches and presses with Enter or Space', async () => {
    const onClick = jest.fn();
    render(
      <>
        <input aria-label="before" />
        <ActionLink onClick={onClick}>发布</ActionLink>
      </>,
    );
    const action = screen.getByRole('button', { name: '发布' });
    screen.getByLabelText('before').focus();
    await userEvent.tab();
    expect(action).toHaveFocus();
    fireEvent.keyDown(action, { key: 'Enter' });
    fireEvent.keyDown(action, { key: ' ' });
    fireEvent.keyDown(action, { key: 'a' });
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('leaves the tab order when disabled', () => {
    render(<ActionLink disabled>删除</ActionLink>);
    expect(screen.getByRole('button', { name: '删除' })).toHaveAttribute('tabindex', '-1');
  });
});
