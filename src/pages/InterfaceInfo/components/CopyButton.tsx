import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { VIEW_TEXTS } from '../texts';

/** Copies text: the Clipboard API where allowed, else a selected hidden textarea. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied (no permission, not a secure context): fall back below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

type CopyButtonProps = {
  text: string;
  /** What is copied, for screen readers: "复制 curl 示例". */
  label?: string;
};

/** A small "复制" button that confirms the copy in place. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    if (await copyText(text)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 1500);
    } else {
      message.error(VIEW_TEXTS.copyFailed);
    }
  };

  return (
    <Button size="small" icon={copied ? <CheckOutlined /> : <CopyOutlined />} aria-label={label} onClick={copy}>
      {copied ? VIEW_TEXTS.copied : VIEW_TEXTS.copy}
    </Button>
  );
}
