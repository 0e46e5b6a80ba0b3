import { fireEvent, render, screen } from '@testing-library/react';
import MenuButton from '.';

describe('MenuButton', () => {
  it('is a named button that says whether the menu is open, and asks for the other state', () => {
    const onCollapse = jest.fn();
    const { rerender } = render(<MenuButton collapsed onCollapse={onCollapse} />);
    const button = screen.getByRole('button', { name: '导航菜单' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onCollapse).toHaveBeenLastCalledWith(false);

    rerender(<MenuButton collapsed={false} onCollapse={onCollapse} />);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(button);
    expect(onCollapse).toHaveBeenLastCalledWith(true);
  });

  it('is reached with Tab, unlike the bare icon it replaces', () => {
    render(<MenuButton collapsed />);
    const button = screen.getByRole('button', { name: '导航菜单' });
    expect(button.tabIndex).toBe(0);
    button.focus();
    expect(button).toHaveFocus();
  });
});
