import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALERT_KINDS, ALERT_MESSAGES } from '@agler/contract/alerts';
import { ApiError } from '@/requestConfig';
import {
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  resendWebhookDelivery,
  rotateWebhookSecret,
  saveWebhook,
  testWebhook,
} from '@/services/agler/webhook';
import { renderWithAntd } from '@/testing/render';
import NotificationsPage from '.';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/webhook');

const SECRET = `whsec_${'A'.repeat(43)}=`;
const HOOK: API.WebhookVO = {
  url: 'https://hooks.example.com/agler',
  kinds: ['quota_80', 'quota_100'],
  createTime: '2026-11-20 15:31:00',
  updateTime: '2026-11-20 15:31:00',
};
const DELIVERY: API.WebhookDeliveryVO = {
  id: `msg_${'a'.repeat(32)}`,
  eventType: 'alert.quota_80',
  state: 'failed',
  tries: 6,
  createTime: '2026-11-20 15:31:00',
  attempts: [
    { time: '2026-11-20 15:31:00', status: 500, durationMs: 12, failure: 'httpError' },
    { time: '2026-11-20 15:31:10', durationMs: 5000, failure: 'timeout' },
  ],
};

beforeEach(() => {
  jest.mocked(getWebhook).mockReset().mockResolvedValue(ok(null));
  jest
    .mocked(listWebhookDeliveries)
    .mockReset()
    .mockResolvedValue(ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }));
  jest.mocked(saveWebhook).mockReset();
  jest.mocked(testWebhook).mockReset();
  jest.mocked(rotateWebhookSecret).mockReset();
  jest.mocked(deleteWebhook).mockReset();
  jest.mocked(resendWebhookDelivery).mockReset().mockResolvedValue(ok(true));
});

const urlField = () => screen.findByRole('textbox', { name: '地址' });

describe('通知设置', () => {
  it('a new webhook starts with every kind ticked, and is saved with all of them', async () => {
    jest.mocked(saveWebhook).mockResolvedValue(ok({ ...HOOK, kinds: [...ALERT_KINDS], secret: SECRET }));
    renderWithAntd(<NotificationsPage />);

    fireEvent.change(await urlField(), { target: { value: 'https://hooks.example.com/agler' } });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(ALERT_KINDS.length);
    for (const box of boxes) expect(box).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    await screen.findByRole('dialog', { name: '签名密钥' });
    expect(saveWebhook).toHaveBeenCalledWith(
      { url: 'https://hooks.example.com/agler', kinds: [...ALERT_KINDS] },
      expect.anything(),
    );
  });

  it('the first save shows the signing secret once, with how to check it', async () => {
    jest.mocked(saveWebhook).mockResolvedValue(ok({ ...HOOK, secret: SECRET }));
    renderWithAntd(<NotificationsPage />);

    fireEvent.change(await urlField(), { target: { value: ' https://hooks.example.com/agler ' } });
    // Only the two quota kinds: the others are unticked.
    for (const kind of [
      '密钥 7 天内过期',
      '调用过的接口下线',
      '调用过的接口弃用',
      '额度申请有了结果',
      '套餐开始超额',
      '套餐订阅的审批与结束',
    ])
      fireEvent.click(screen.getByRole('checkbox', { name: kind }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    const dialog = await screen.findByRole('dialog', { name: '签名密钥' });
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(dialog).getByText(/只显示这一次/)).toBeInTheDocument();
    expect(saveWebhook).toHaveBeenCalledWith(
      { url: 'https://hooks.example.com/agler', kinds: ['quota_80', 'quota_100'] },
      expect.anything(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /我已保存/ }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByRole('button', { name: /发送测试/ })).toBeInTheDocument();
  });

  it('offers the plans’ kinds, saved as chosen', async () => {
    jest
      .mocked(saveWebhook)
      .mockResolvedValue(ok({ ...HOOK, kinds: ['plan_overage', 'subscription'], secret: SECRET }));
    renderWithAntd(<NotificationsPage />);

    fireEvent.change(await urlField(), { target: { value: 'https://hooks.example.com/agler' } });
    const plans = ['套餐开始超额', '套餐订阅的审批与结束'];
    for (const box of screen.getAllByRole('checkbox'))
      if (!plans.includes(box.closest('label')?.textContent ?? '')) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    await screen.findByRole('dialog', { name: '签名密钥' });
    expect(saveWebhook).toHaveBeenCalledWith(
      { url: 'https://hooks.example.com/agler', kinds: ['plan_overage', 'subscription'] },
      expect.anything(),
    );
  });

  it('checks the address with the contract’s rule before sending anything', async () => {
    renderWithAntd(<NotificationsPage />);
    fireEvent.change(await urlField(), { target: { value: 'ftp://example.com/' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText(/Webhook 地址应为 https:\/\/ 开头的完整地址/)).toBeInTheDocument();
    expect(saveWebhook).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a save', async () => {
    jest
      .mocked(saveWebhook)
      .mockRejectedValue(
        new ApiError({ code: 40000, data: null, message: ALERT_MESSAGES.webhookHttpNotAllowed }),
      );
    renderWithAntd(<NotificationsPage />);
    fireEvent.change(await urlField(), { target: { value: 'http://hooks.example.com/' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText('Webhook 只能使用 https:// 地址')).toBeInTheDocument();
    expect(screen.queryByText(/INVOKE_ALLOW_HOSTS/)).not.toBeInTheDocument();
  });

  it('asks for at least one kind with the contract’s rule before sending anything', async () => {
    renderWithAntd(<NotificationsPage />);
    fireEvent.change(await urlField(), { target: { value: 'https://hooks.example.com/agler' } });
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText(ALERT_MESSAGES.webhookKindsRequired)).toBeInTheDocument();
    expect(saveWebhook).not.toHaveBeenCalled();
  });

  it('with a webhook: the form holds it; a test says what the receiver answered', async () => {
    jest.mocked(getWebhook).mockResolvedValue(ok(HOOK));
    jest
      .mocked(testWebhook)
      .mockResolvedValue(
        ok({ id: DELIVERY.id, delivered: false, status: 503, durationMs: 8, failure: 'httpError' }),
      );
    renderWithAntd(<NotificationsPage />);

    await waitFor(async () => expect(await urlField()).toHaveValue(HOOK.url));
    expect(screen.getByRole('checkbox', { name: '额度已用 80%' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '密钥 7 天内过期' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: /发送测试/ }));

    expect(await screen.findByText('测试未送达：HTTP 503')).toBeInTheDocument();
    expect(listWebhookDeliveries).toHaveBeenCalledTimes(2);
  });

  it('rotating asks first, then shows the new secret once', async () => {
    jest.mocked(getWebhook).mockResolvedValue(ok(HOOK));
    jest
      .mocked(rotateWebhookSecret)
      .mockResolvedValue(ok({ secret: SECRET, previousSecretUntil: '2026-11-21 15:31:00' }));
    renderWithAntd(<NotificationsPage />);

    fireEvent.click(await screen.findByRole('button', { name: /轮换密钥/ }));
    expect(rotateWebhookSecret).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));

    // By its text: under jest antd gives every element the same generated id, so the name would be the popconfirm's.
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(/只显示这一次/)).toBeInTheDocument();
  });

  it('lists deliveries with each try, and sends one again', async () => {
    jest
      .mocked(listWebhookDeliveries)
      .mockResolvedValue(ok({ records: [DELIVERY], total: 1, current: 1, size: 10, pages: 1 }));
    renderWithAntd(<NotificationsPage />);

    const row = (await screen.findByText('alert.quota_80')).closest('tr') as HTMLElement;
    expect(within(row).getByText('额度已用 80%')).toBeInTheDocument();
    expect(within(row).getByText('失败')).toBeInTheDocument();
    expect(within(row).getByText('6/6')).toBeInTheDocument();
    // Why, from the last try, without opening the tries.
    expect(within(row).getByText('超时')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /展开|Expand/i }));
    expect(await screen.findByText('HTTP 错误状态')).toBeInTheDocument();
    expect(screen.getByText('无应答')).toBeInTheDocument();
    expect(screen.getByText('5000 ms')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: '重新发送' }));
    await waitFor(() =>
      expect(resendWebhookDelivery).toHaveBeenCalledWith({ id: DELIVERY.id }, expect.anything()),
    );
    expect(await screen.findByText('已重新排队发送')).toBeInTheDocument();
  });

  it('a failed delivery’s row says why its last try failed: the status, a time-out, a refused address', async () => {
    const failed = (id: string, attempt: API.WebhookAttemptVO): API.WebhookDeliveryVO => ({
      ...DELIVERY,
      id,
      eventType: 'ping',
      tries: 1,
      attempts: [attempt],
    });
    const at = '2026-11-20 15:31:00';
    jest.mocked(listWebhookDeliveries).mockResolvedValue(
      ok({
        records: [
          failed('msg_1', { time: at, status: 503, durationMs: 8, failure: 'httpError' }),
          failed('msg_2', { time: at, durationMs: 5000, failure: 'timeout' }),
          failed('msg_3', { time: at, durationMs: 0, failure: 'refused' }),
          {
            ...DELIVERY,
            id: 'msg_4',
            state: 'delivered',
            tries: 1,
            attempts: [{ time: at, status: 200, durationMs: 9 }],
          },
        ],
        total: 4,
        current: 1,
        size: 10,
        pages: 1,
      }),
    );
    renderWithAntd(<NotificationsPage />);

    await screen.findAllByText('ping');
    const rows = screen
      .getAllByRole('row')
      .filter((row) => row.getAttribute('data-row-key')?.startsWith('msg_'));
    const reasonOf = (row: HTMLElement) => within(row).getAllByRole('cell')[3].textContent;
    expect(rows.map(reasonOf)).toEqual(['失败HTTP 503', '失败超时', '失败地址被拒绝（内部网络）', '已送达']);
  });

  it('says so when the webhook cannot be loaded, and loads again', async () => {
    jest
      .mocked(getWebhook)
      .mockRejectedValueOnce(
        new ApiError({ code: 50000, data: null, message: '服务器内部错误，请稍后重试' }),
      );
    renderWithAntd(<NotificationsPage />);

    expect(await screen.findByText('Webhook 加载失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await urlField()).toBeInTheDocument();
  });
});
