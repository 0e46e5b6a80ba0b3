import { PageContainer } from '@ant-design/pro-components';

export default function HomePage() {
  return <PageContainer />;
}
