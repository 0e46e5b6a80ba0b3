import { App } from 'antd';
import RequestBridge from '@/components/RequestBridge';

type PageShellProps = { children?: React.ReactNode };

/**
 * What every page inside the layout stands in: antd's App (themed message,
 * notification and modal) and the request layer's bridge to it. It loads with
 * the layout, so the login page's entry chunk carries none of it.
 */
export default function PageShell({ children }: PageShellProps) {
  return (
    <App>
      <RequestBridge />
      {children}
    </App>
  );
}
