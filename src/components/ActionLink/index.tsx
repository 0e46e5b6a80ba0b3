import { Typography } from 'antd';
import type { LinkProps } from 'antd/es/typography/Link';
import { forwardRef } from 'react';
import type { KeyboardEvent } from 'react';

type ActionLinkProps = Omit<LinkProps, 'href'>;

/**
 * A table's row action drawn as a link (编辑, 发布, 删除): antd's Typography.Link without an href
 * is an `<a>` the keyboard cannot reach. This one is a button to Tab to, pressed with Enter or
 * Space like one; a Popconfirm around it opens from the same click.
 */
export const ActionLink = forwardRef<HTMLElement, ActionLinkProps>(function ActionLink(
  { onKeyDown, ...props },
  ref,
) {
  const press = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event as KeyboardEvent<HTMLAnchorElement>);
    if (event.defaultPrevented || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    event.currentTarget.click();
  };
  return (
    <Typography.Link
      ref={ref}
      role="button"
      tabIndex={props.disabled ? -1 : 0}
      onKeyDown={press}
      {...props}
    />
  );
});
