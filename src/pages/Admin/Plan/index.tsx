import { PageContainer } from '@ant-design/pro-components';
import { Badge, Space } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { listSubscriptions } from '@/services/agler/subscription';
import { AssignPlan } from './components/AssignPlan';
import { PendingRequests } from './components/PendingRequests';
import { PlanTable } from './components/PlanTable';
import { ADMIN_PLAN_TEXTS as T } from './texts';

type Tab = 'plans' | 'pending' | 'assign';

/** 套餐管理: the plans, the subscriptions waiting for approval (counted on their tab), and assigning a plan. */
export default function PlanAdminPage() {
  const [tab, setTab] = useState<Tab>('plans');
  // The waiting requests' count on the tab: one row asked for, its total read.
  const pending = useRequest(
    async () =>
      (await listSubscriptions({ status: 'pending', current: 1, pageSize: 1 }, { skipErrorHandler: true })).data
        ?.total ?? 0,
    { onError: () => undefined },
  );
  const count = pending.data ?? 0;

  return (
    <PageContainer
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as Tab)}
      tabList={[
        { key: 'plans', tab: T.tabs.plans },
        {
          key: 'pending',
          tab: (
            <Space size={6}>
              {T.tabs.pending}
              <Badge count={count} size="small" title={T.pendingCount(count)} />
            </Space>
          ),
        },
        { key: 'assign', tab: T.tabs.assign },
      ]}
    >
      {tab === 'plans' ? <PlanTable onChanged={pending.refresh} /> : null}
      {tab === 'pending' ? <PendingRequests onAnswered={pending.refresh} /> : null}
      {tab === 'assign' ? <AssignPlan onAssigned={pending.refresh} /> : null}
    </PageContainer>
  );
}
