import { PageContainer } from '@ant-design/pro-components';
import type { ActionType } from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import { useRef } from 'react';
import { DeliveriesCard } from './components/DeliveriesCard';
import { WebhookCard } from './components/WebhookCard';
import { NOTIFICATION_TEXTS } from './texts';

/** 通知设置: the webhook that alerts are sent to, and the log of what was sent. */
export default function NotificationsPage() {
  const deliveries = useRef<ActionType>();
  return (
    <PageContainer title={NOTIFICATION_TEXTS.pageTitle} content={NOTIFICATION_TEXTS.intro}>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <WebhookCard onSent={() => deliveries.current?.reload()} />
        </Col>
        <Col span={24}>
          <DeliveriesCard actionRef={deliveries} />
        </Col>
      </Row>
    </PageContainer>
  );
}
