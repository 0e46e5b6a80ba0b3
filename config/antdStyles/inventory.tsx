/**
 * What config/antdStyles/bake.tsx renders to collect antd's styles: the logged-in layout as Umi's
 * layout plugin draws it with src/app.tsx's settings, and the components the pages show before
 * anyone clicks. A component left out here costs its style's generation at run time, never a style.
 * ProComponents are here for the antd components they draw (the layout's menu, ProTable's table);
 * their own styles are left out of the file (bake.tsx, isThemeScoped).
 */
import { StyleProvider } from '@ant-design/cssinjs';
import type { createCache } from '@ant-design/cssinjs';
import {
  PageContainer,
  ProCard,
  ProDescriptions,
  ProForm,
  ProFormText,
  ProLayout,
  ProTable,
  StatisticCard,
} from '@ant-design/pro-components';
import {
  Alert,
  App,
  AutoComplete,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { THEMES } from '../../src/utils/antdThemes';
import defaultSettings, { CONTENT_MAX_WIDTH } from '../defaultSettings';

const noop = () => undefined;

/** The header's right side as src/app.tsx's layout fills it: search, theme and language menus, avatar. */
const headerActions = () => [
  <AutoComplete key="search" options={[]}>
    <Input />
  </AutoComplete>,
  <Avatar key="avatar" />,
  <Dropdown key="theme" menu={{ items: [] }}>
    <span />
  </Dropdown>,
];

/** What the pages show before anyone clicks: cards, tables, forms, tags, the catalogue's filters. */
function PageParts() {
  return (
    <>
      <Alert message="" />
      <Row>
        <Col span={24}>
          <Card>
            <Typography.Title level={4}>x</Typography.Title>
            <Typography.Paragraph ellipsis>x</Typography.Paragraph>
            <Typography.Text copyable>x</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Space>
        <Button type="primary">x</Button>
        <Button type="link" danger>
          x
        </Button>
      </Space>
      <Input.Search />
      <Input.TextArea />
      <Select options={[]} />
      <Segmented options={['a', 'b']} />
      <Checkbox />
      <Radio.Group options={['a']} />
      <DatePicker.RangePicker />
      <Tag>x</Tag>
      <Tag color="success">x</Tag>
      <Tag color="blue">x</Tag>
      <Badge status="success" text="x" />
      <Tooltip title="x">
        <span />
      </Tooltip>
      <Popconfirm title="x">
        <span />
      </Popconfirm>
      <Pagination total={50} />
      <Skeleton active />
      <Spin />
      <Empty />
      <Drawer open={false} />
      <Modal open={false} />
      <Avatar />
      <Result status="404" />
      <Tabs items={[{ key: 'a', label: 'a', children: 'a' }]} />
      <Table columns={[{ title: 'x', dataIndex: 'x' }]} dataSource={[]} />
      <Form>
        <Form.Item label="x" name="x" required help="x">
          <Input />
        </Form.Item>
      </Form>
      <ProForm onFinish={async () => true}>
        <ProFormText name="x" label="x" />
      </ProForm>
      <ProCard split="vertical">
        <ProCard>x</ProCard>
        <ProCard.Divider />
        <ProCard>x</ProCard>
      </ProCard>
      <StatisticCard statistic={{ title: 'x', value: 1 }} />
      <ProDescriptions column={1} dataSource={{ x: 'x' }} columns={[{ title: 'x', dataIndex: 'x' }]} />
      <ProTable
        rowKey="x"
        columns={[
          { title: 'x', dataIndex: 'x', tooltip: 'x' },
          { title: 'y', dataIndex: 'y', valueType: 'select', hideInSearch: false },
        ]}
        dataSource={[]}
        rowSelection={{}}
        tableAlertRender={() => 'x'}
      />
    </>
  );
}

/** The logged-in layout (config/plugins' Umi layout with src/app.tsx's settings) around the page parts. */
function Console({ theme }: { theme: ThemeConfig }) {
  return (
    <ConfigProvider theme={theme} locale={zhCN}>
      <App>
        <ProLayout
          route={{
            path: '/',
            children: [
              { path: '/', name: '主页' },
              { path: '/admin', name: '管理页', children: [{ path: '/admin/x', name: 'x' }] },
            ],
          }}
          location={{ pathname: '/' }}
          title={defaultSettings.title}
          siderWidth={256}
          onMenuHeaderClick={noop}
          menu={{ locale: false }}
          fixSiderbar
          fixedHeader
          actionsRender={headerActions}
          avatarProps={{
            size: 'small',
            title: 'x',
            render: (_, avatar) => <Dropdown menu={{ items: [] }}>{avatar}</Dropdown>,
          }}
          contentStyle={{ maxWidth: CONTENT_MAX_WIDTH, width: '100%', margin: '0 auto' }}
          {...defaultSettings}
        >
          <PageContainer breadcrumb={{ items: [{ title: 'x', path: '/' }, { title: 'y' }] }}>
            <PageParts />
          </PageContainer>
        </ProLayout>
        {/* The side menu while the session loads: a skeleton, in the layout's own theme. */}
        <ProLayout
          route={{ path: '/', children: [] }}
          menu={{ locale: false, loading: true }}
          {...defaultSettings}
        />
      </App>
    </ConfigProvider>
  );
}

/** The whole inventory in the light theme (the default), recording its styles into `cache`. */
export function Inventory({ cache }: { cache: ReturnType<typeof createCache> }) {
  return (
    <StyleProvider cache={cache} layer>
      <Console theme={THEMES.light} />
    </StyleProvider>
  );
}
