import { Popconfirm, Tooltip } from 'antd';
import type { PopconfirmProps, TooltipProps } from 'antd';
import { cloneElement, useLayoutEffect, useRef, useState } from 'react';
import type { ReactElement, Ref, SyntheticEvent } from 'react';

type Opener = 'onMouseEnter' | 'onFocus' | 'onClick';
type TriggerChild = ReactElement<
  Partial<Record<Opener, (event: SyntheticEvent) => void>> & { ref?: Ref<HTMLElement> }
>;

/**
 * The child alone until one of `openers` happens on it, then inside the caller's trigger, opened:
 * antd's tooltips and confirmations cost more to mount than what they wrap, and a table's rows hold
 * many that nobody opens. The new child takes over the focus, but not the old child's ref.
 */
function useFirstUse(child: TriggerChild, openers: readonly Opener[]) {
  const [used, setUsed] = useState(false);
  const hadFocus = useRef(false);
  const element = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!used || !hadFocus.current) return;
    hadFocus.current = false;
    element.current?.focus();
  }, [used]);
  if (used) return { used, child: cloneElement(child, { ref: element }) };
  const listeners = Object.fromEntries(
    openers.map((opener) => [
      opener,
      (event: SyntheticEvent) => {
        child.props[opener]?.(event);
        hadFocus.current = event.currentTarget === document.activeElement;
        setUsed(true);
      },
    ]),
  );
  return { used, child: cloneElement(child, listeners) };
}

const HOVER_OR_FOCUS: readonly Opener[] = ['onMouseEnter', 'onFocus'];
const CLICK: readonly Opener[] = ['onClick'];

/** antd's Tooltip, mounted when the pointer or the focus first comes to its child. */
export function LazyTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: TriggerChild }) {
  const { used, child } = useFirstUse(children, HOVER_OR_FOCUS);
  return used ? (
    <Tooltip defaultOpen {...props}>
      {child}
    </Tooltip>
  ) : (
    child
  );
}

/** antd's Popconfirm, mounted at the first click on its child (the keyboard's Enter included). */
export function LazyPopconfirm({
  children,
  ...props
}: Omit<PopconfirmProps, 'children'> & { children: TriggerChild }) {
  const { used, child } = useFirstUse(children, CLICK);
  return used ? (
    <Popconfirm defaultOpen {...props}>
      {child}
    </Popconfirm>
  ) : (
    child
  );
}
