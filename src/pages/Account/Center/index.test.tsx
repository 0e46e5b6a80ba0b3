import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import { addKey, listKeyAudit, listKeys, revokeKey, rotateKey } from '@/services/agler/key';
import { listMyUsage, regenerateMyAccessKey, updateMyPassword, updateMyUser } from '@/services/agler/user';
import { renderWithAntd } from '@/testing/render';
import { currentInitialState, setLoginUser } from '@/testing/umiMocks';
import AccountCenterPage from '.';
import { ok } from '@/testing/envelope';

jest.mock('@/services/agler/user');
jest.mock('@/services/agler/key');

const listMock = jest.mocked(listKeys);
const addMock = jest.mocked(addKey);
const rotateMock = jest.mocked(rotateKey);
const revokeMock = jest.mocked(revokeKey);
const auditMock = jest.mocked(listKeyAudit);
const regenerateMock = jest.mocked(regenerateMyAccessKey);
const usageMock = jest.mocked(listMyUsage);
const updateUserMock = jest.mocked(updateMyUser);
const passwordMock = jest.mocked(updateMyPassword);

// The contract says which fields may be null; the generated client's types do not.
type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };
type Key = Nullable<API.KeyVO, 'expiresAt' | 'lastUsed' | 'interfaceIds' | 'interfaces' | 'graceUntil'>;
type KeyAudit = Nullable<API.KeyAuditVO, 'graceSeconds'>;
const keysOk = (keys: Key[]) => ok(keys as unknown as API.KeyVO[]);
const auditOk = (entries: KeyAudit[]) => ok(entries as unknown as API.KeyAuditVO[]);
const ACCESS_KEY = `ak_${'A'.repeat(43)}`;
const SECRET_KEY = `sk_${'b'.repeat(39)}XyZ9`;

const alice: API.LoginUserVO = {
  id: '1790000000000000003',
  userAccount: 'alice',
  userName: 'alice',
  userAvatar: '',
  userRole: 'user',
};

const weather: API.InterfaceQuotaVO = {
  interfaceInfoId: '1800000000000000001',
  name: '天气查询',
  method: 'GET',
  status: 1,
  calls: 12,
  leftNum: 88,
  totalNum: 100,
  effectiveRateLimit: 0,
  effectiveRateBurst: 0,
};

function renderPage() {
  return renderWithAntd(<AccountCenterPage />);
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-pro-card-title' }).closest('.ant-pro-card') as HTMLElement;

beforeEach(() => {
  setLoginUser({ ...alice });
  listMock.mockReset().mockResolvedValue(ok([]));
  addMock.mockReset();
  rotateMock.mockReset();
  revokeMock.mockReset();
  auditMock.mockReset().mockResolvedValue(ok([]));
  regenerateMock.mockReset();
  usageMock.mockReset().mockResolvedValue(ok([]));
  updateUserMock.mockReset();
  passwordMock.mockReset();
});

describe('个人中心: access keys', () => {
  const KEY: Key = {
    id: '1810000000000000001',
    name: '生产',
    accessKey: ACCESS_KEY,
    secretKeyTail: 'OLD1',
    createTime: '2026-11-01 10:00:00',
    expiresAt: null,
    lastUsed: null,
    interfaceIds: null,
    interfaces: null,
    graceUntil: null,
    status: 'active',
  };

  it('makes a first pair and shows its secret key once, then only its last 4 characters', async () => {
    regenerateMock.mockResolvedValue(ok({ accessKey: ACCESS_KEY, secretKey: SECRET_KEY }));
    // None at first; after the pair is made, the list holds it.
    listMock
      .mockResolvedValueOnce(ok([]))
      .mockResolvedValue(keysOk([{ ...KEY, name: '默认', secretKeyTail: 'XyZ9' }]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /生成密钥/ }));

    const dialog = await screen.findByRole('dialog', { name: '访问密钥已生成' });
    expect(within(dialog).getByText(SECRET_KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/只显示这一次/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /复制/ })).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(SECRET_KEY)).not.toBeInTheDocument());
    const keys = card('访问密钥');
    expect(await within(keys).findByText('••••XyZ9')).toBeInTheDocument();
    // Shortened to fit the card; the whole key in its title and its copy.
    expect(within(keys).getByText('ak_AAAA…AAAA')).toHaveAttribute('title', ACCESS_KEY);
    expect(within(keys).queryByText(ACCESS_KEY)).not.toBeInTheDocument();
    expect(regenerateMock).toHaveBeenCalledTimes(1);
  });

  it('lists each key with its expiry, last use, interfaces, status and the grace of the old secret', async () => {
    listMock.mockResolvedValue(
      keysOk([
        KEY,
        {
          ...KEY,
          id: '1810000000000000002',
          name: '测试',
          accessKey: 'ak_test',
          expiresAt: '2026-12-01 00:00:00',
          lastUsed: '2026-11-20 08:30:00',
          interfaceIds: ['1800000000000000001'],
          interfaces: [{ id: '1800000000000000001', name: '天气查询', deleted: false }],
          graceUntil: '2026-11-21 09:00:00',
        },
        { ...KEY, id: '1810000000000000003', name: '旧的', accessKey: 'ak_gone', status: 'revoked' },
      ]),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: '密钥列表' });
    const rowOf = (name: string) =>
      within(table).getByText(name, { exact: true }).closest('tr') as HTMLElement;
    expect(await within(table).findByText('天气查询')).toBeInTheDocument();
    const first = rowOf('生产');
    for (const text of ['永不过期', '从未使用', '全部接口', '有效', '••••OLD1']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const second = rowOf('测试');
    expect(within(second).getByText('旧 SecretKey 有效至 2026-11-21 09:00:00')).toBeInTheDocument();
    expect(within(second).getByText('2026-11-20 08:30:00')).toBeInTheDocument();
    // The expiry chosen as the day 2026-11-30 is stored as the midnight after it: shown as the day it ends with.
    expect(within(second).getByText('2026-11-30')).toHaveAttribute('title', '当天结束时失效');
    expect(within(second).queryByText(/2026-12-01/)).not.toBeInTheDocument();
    const revoked = rowOf('旧的');
    expect(within(revoked).getByText('已吊销')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /轮换/ })).not.toBeInTheDocument();
  });

  it('makes a named key with the name checked at its field', async () => {
    listMock.mockResolvedValue(keysOk([KEY]));
    addMock.mockResolvedValue(ok({ id: '1810000000000000009', accessKey: 'ak_new', secretKey: SECRET_KEY }));
    renderPage();
    await screen.findByText('••••OLD1');
    fireEvent.click(screen.getByRole('button', { name: /新建密钥/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: /新建密钥/ }));
    expect(await within(form).findByText('请填写密钥名称')).toBeInTheDocument();
    expect(addMock).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: ' 测试 ' } });
    fireEvent.click(within(form).getByRole('button', { name: /新建密钥/ }));
    await waitFor(() => expect(addMock).toHaveBeenCalledWith({ name: '测试' }, expect.anything()));
    expect(await screen.findByText(SECRET_KEY)).toBeInTheDocument();
  });

  it('rotates with the grace chosen and says until when the old secret works', async () => {
    listMock.mockResolvedValue(keysOk([KEY]));
    rotateMock.mockResolvedValue(ok({ id: KEY.id, accessKey: ACCESS_KEY, secretKey: SECRET_KEY }));
    renderPage();
    await screen.findByText('••••OLD1');
    fireEvent.click(screen.getByRole('button', { name: '轮换 生产' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText('轮换密钥“生产”')).toBeInTheDocument();
    listMock.mockResolvedValue(
      keysOk([{ ...KEY, secretKeyTail: 'XyZ9', graceUntil: '2026-11-29 11:00:00' }]),
    );
    fireEvent.click(within(form).getByText('24 小时后失效'));
    fireEvent.click(within(form).getByRole('button', { name: /^轮\s*换$/ }));

    await waitFor(() =>
      expect(rotateMock).toHaveBeenCalledWith({ id: KEY.id, graceSeconds: 86400 }, expect.anything()),
    );
    expect(await screen.findByText(SECRET_KEY)).toBeInTheDocument();
    expect(
      screen.getByText('旧 SecretKey 在 2026-11-29 11:00:00 之前仍然有效，之后只能使用新的 SecretKey。'),
    ).toBeInTheDocument();
  });

  it('revokes only after a confirmation that says the key stops at once', async () => {
    listMock.mockResolvedValue(keysOk([KEY]));
    revokeMock.mockResolvedValue(ok(true));
    renderPage();
    await screen.findByText('••••OLD1');
    fireEvent.click(screen.getByRole('button', { name: '吊销 生产' }));
    expect(await screen.findByText(/吊销后这个密钥立即失效/)).toBeInTheDocument();
    expect(revokeMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^吊\s*销$/ }));
    await waitFor(() => expect(revokeMock).toHaveBeenCalledWith({ id: KEY.id }, expect.anything()));
  });

  it('offers a retry when the keys cannot be loaded', async () => {
    listMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderPage();
    const keys = card('访问密钥');
    expect(await within(keys).findByText('访问密钥加载失败')).toBeInTheDocument();
    fireEvent.click(within(keys).getByRole('button', { name: /重\s*试/ }));
    expect(await within(keys).findByRole('button', { name: /生成密钥/ })).toBeInTheDocument();
  });

  it('shows the audit trail: what, which key, from where', async () => {
    auditMock.mockResolvedValue(
      auditOk([
        {
          id: '2',
          keyId: KEY.id,
          action: 'rotate',
          keyName: '生产',
          accessKey: ACCESS_KEY,
          graceSeconds: 3600,
          ip: '203.0.113.7',
          time: '2026-11-20 09:00:00',
        },
      ]),
    );
    renderPage();
    const audit = card('密钥操作记录');
    expect(await within(audit).findByText('轮换（旧密钥 1 小时后失效）')).toBeInTheDocument();
    expect(within(audit).getByText('203.0.113.7')).toBeInTheDocument();
  });
});

describe('个人中心: my calls', () => {
  it('lists each interface with a link, its method, calls and what is left', async () => {
    usageMock.mockResolvedValue(
      ok([
        weather,
        {
          ...weather,
          interfaceInfoId: '1800000000000000002',
          name: 'IP 查询',
          method: 'POST',
          calls: 3,
          leftNum: 0,
          totalNum: 3,
          effectiveRateLimit: 0,
          effectiveRateBurst: 0,
          status: 0,
        },
      ]),
    );
    renderPage();
    const link = await screen.findByRole('link', { name: '天气查询' });
    expect(link).toHaveAttribute('href', '/interface_info/1800000000000000001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('GET')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('88 / 100')).toBeInTheDocument();
    const used = screen.getByRole('link', { name: 'IP 查询' }).closest('tr')!;
    expect(within(used).getByText('0 / 3')).toBeInTheDocument();
    expect(within(used).getByText('已下线')).toBeInTheDocument();
  });

  it('says when there are no calls yet', async () => {
    renderPage();
    expect(await screen.findByText('还没有调用过接口')).toBeInTheDocument();
  });

  it('tells an admin that their calls are not limited', async () => {
    setLoginUser({ ...alice, userRole: 'admin' });
    usageMock.mockResolvedValue(ok([weather]));
    renderPage();
    const row = (await screen.findByRole('link', { name: '天气查询' })).closest('tr')!;
    expect(within(row).getByText('管理员不限次数')).toBeInTheDocument();
    expect(within(row).queryByText('88 / 100')).not.toBeInTheDocument();
  });

  it('offers a retry when the calls cannot be loaded', async () => {
    usageMock.mockRejectedValueOnce(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderPage();
    expect(await screen.findByText('调用记录加载失败')).toBeInTheDocument();
    usageMock.mockResolvedValue(ok([weather]));
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('link', { name: '天气查询' })).toBeInTheDocument();
  });
});

describe('个人中心: profile', () => {
  it('saves the name and avatar, and the app state (the header) shows the new name', async () => {
    updateUserMock.mockResolvedValue(ok(true));
    renderPage();
    const profile = card('基本信息');
    fireEvent.change(within(profile).getByLabelText('昵称'), { target: { value: '  爱丽丝 ' } });
    fireEvent.change(within(profile).getByLabelText('头像地址'), {
      target: { value: 'https://example.com/a.png' },
    });
    fireEvent.click(within(profile).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('基本信息已保存')).toBeInTheDocument();
    expect(updateUserMock).toHaveBeenCalledWith(
      { userName: '爱丽丝', userAvatar: 'https://example.com/a.png' },
      { skipErrorHandler: true },
    );
    expect(currentInitialState().loginUser).toMatchObject({
      userName: '爱丽丝',
      userAvatar: 'https://example.com/a.png',
    });
  });

  it('checks the fields before sending', async () => {
    renderPage();
    const profile = card('基本信息');
    fireEvent.change(within(profile).getByLabelText('昵称'), { target: { value: 'x'.repeat(51) } });
    fireEvent.change(within(profile).getByLabelText('头像地址'), {
      target: { value: 'ftp://example.com/a.png' },
    });
    fireEvent.click(within(profile).getByRole('button', { name: /保\s*存/ }));
    expect(await within(profile).findByText('昵称不能超过 50 个字符')).toBeInTheDocument();
    expect(await within(profile).findByText(/头像地址应为 http:\/\//)).toBeInTheDocument();
    expect(updateUserMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the save fails', async () => {
    updateUserMock.mockRejectedValue(new ApiError({ code: 50000, message: '服务器内部错误，请稍后重试' }));
    renderPage();
    const profile = card('基本信息');
    fireEvent.change(within(profile).getByLabelText('昵称'), { target: { value: '爱丽丝' } });
    fireEvent.click(within(profile).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('服务器内部错误，请稍后重试')).toBeInTheDocument();
    expect(within(profile).getByLabelText('昵称')).toHaveValue('爱丽丝');
    expect(currentInitialState().loginUser?.userName).toBe('alice');
  });
});

describe('个人中心: password', () => {
  const fillPassword = (form: HTMLElement, old: string, next: string, again: string) => {
    fireEvent.change(within(form).getByLabelText('当前密码'), { target: { value: old } });
    fireEvent.change(within(form).getByLabelText('新密码'), { target: { value: next } });
    fireEvent.change(within(form).getByLabelText('确认新密码'), { target: { value: again } });
  };

  it('gives no field the focus on load, which on a phone would open the keyboard', async () => {
    renderPage();
    await screen.findByLabelText('当前密码');
    // ProForm focuses its first field a moment after mounting.
    await act(async () => {
      await new Promise((resolve) => {
        setTimeout(resolve, 100);
      });
    });
    expect(document.activeElement).toBe(document.body);
  });

  it('changes the password and says that the other sessions ended', async () => {
    passwordMock.mockResolvedValue(ok(true));
    renderPage();
    const form = card('修改密码');
    fillPassword(form, '12345678', 'password-2', 'password-2');
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: /修改密码/ }));
    });
    expect(await screen.findByText(/其他设备上的登录已全部退出/)).toBeInTheDocument();
    expect(passwordMock).toHaveBeenCalledWith(
      { oldPassword: '12345678', newPassword: 'password-2', checkPassword: 'password-2' },
      { skipErrorHandler: true },
    );
    await waitFor(() => expect(within(form).getByLabelText('当前密码')).toHaveValue(''));
  });

  it('shows a wrong current password at its field, and a mismatch before sending', async () => {
    passwordMock.mockRejectedValue(new ApiError({ code: 40000, message: '当前密码不正确' }));
    renderPage();
    const form = card('修改密码');
    fillPassword(form, 'nope-nope', 'password-2', 'password-3');
    fireEvent.click(within(form).getByRole('button', { name: /修改密码/ }));
    expect(await within(form).findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(passwordMock).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('确认新密码'), { target: { value: 'password-2' } });
    fireEvent.click(within(form).getByRole('button', { name: /修改密码/ }));
    const error = await within(form).findByText('当前密码不正确');
    expect(error.closest('.ant-form-item')).toContainElement(within(form).getByLabelText('当前密码'));
  });
});
