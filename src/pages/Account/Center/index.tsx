import { PageContainer } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Col, Row } from 'antd';
import { USER_ROLE } from '@/constants';
import { useRef } from 'react';
import { KeyAudit } from '@/components/Keys/KeyAudit';
import type { KeyAuditHandle } from '@/components/Keys/KeyAudit';
import { KeyCard } from './components/KeyCard';
import { PasswordCard } from './components/PasswordCard';
import { ProfileCard } from './components/ProfileCard';
import { UsageCard } from './components/UsageCard';
import { CENTER_TEXTS } from './texts';

/** 个人中心: the user's profile, password, keys with their audit trail, and calls. */
export default function AccountCenterPage() {
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.loginUser?.userRole === USER_ROLE.ADMIN;
  const audit = useRef<KeyAuditHandle>(null);

  return (
    <PageContainer title={CENTER_TEXTS.pageTitle}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProfileCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
        <Col span={24}>
          <KeyCard onChange={() => audit.current?.reload()} />
        </Col>
        <Col span={24}>
          <KeyAudit ref={audit} />
        </Col>
        <Col span={24}>
          <UsageCard unlimited={isAdmin} />
        </Col>
      </Row>
    </PageContainer>
  );
}
