import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '@/requestConfig';
import { localized } from '@/locales';

export const LOAD_ERROR_TEXTS = localized('loadError', { retry: '重试' } as const);

type LoadErrorProps = {
  /** What failed to load, e.g. 接口列表加载失败. */
  message: ReactNode;
  /** The failure: its server message (or a network message) is the alert's description. */
  error: unknown;
  onRetry: () => void;
  className?: string;
};

/** A load that failed: what, why (the server's own message) and a 重试 button that loads again. */
export function LoadError({ message, error, onRetry, className }: LoadErrorProps) {
  return (
    <Alert
      className={className}
      type="error"
      showIcon
      message={message}
      description={errorText(error)}
      action={
        <Button size="small" danger icon={<ReloadOutlined />} onClick={onRetry}>
          {LOAD_ERROR_TEXTS.retry}
        </Button>
      }
    />
  );
}

type LoadedProps<T> = {
  /** What has been loaded; undefined until the first answer. */
  data: T | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  /** What failed to load, e.g. 密钥列表加载失败. */
  failed: ReactNode;
  /** The skeleton's rows while the first answer is awaited. */
  rows?: number;
  children: (data: T) => ReactNode;
};

/**
 * A load's states: a skeleton until the first answer, a failure with its retry, then the data,
 * which stays while a reload runs or fails.
 */
export function Loaded<T>({ data, error, loading, onRetry, failed, rows = 2, children }: LoadedProps<T>) {
  if (data !== undefined) return <>{children(data)}</>;
  if (error && !loading) return <LoadError message={failed} error={error} onRetry={onRetry} />;
  return <Skeleton active paragraph={{ rows }} />;
}
