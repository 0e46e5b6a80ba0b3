import { screen, waitFor } from '@testing-library/react';
import { getInterfaceInfoById, listInterfaceNotices } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { LifecycleBanner, LifecycleNotices } from './Lifecycle';

jest.mock('@/services/agler/interfaceInfo', () => ({
  getInterfaceInfoById: jest.fn(),
  listInterfaceNotices: jest.fn(),
}));

const info: API.InterfaceInfo = {
  id: '1800000000000000001',
  name: '天气查询',
  url: 'https://api.example.com/weather',
  method: 'GET',
  status: 1,
  deprecated: true,
  deprecatedTime: '2026-11-01 08:00:00',
  sunsetDate: '2026-12-31',
  replacementId: '1800000000000000002',
};

beforeEach(() => {
  jest.mocked(getInterfaceInfoById).mockReset().mockRejectedValue(new Error('接口不存在'));
});

describe('LifecycleBanner', () => {
  it('says since when, the sunset date and links the replacement', async () => {
    renderWithAntd(<LifecycleBanner info={info} now={new Date(2026, 10, 20).getTime()} />);

    expect(screen.getByText('该接口已弃用')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^2026-11-01 08:00:00 起弃用。将于 2026-12-31 停止服务，此后调用返回 410 Gone。调用的响应/,
      ),
    ).toBeInTheDocument();
    // A replacement the reader cannot read is named by its id.
    await waitFor(() => expect(getInterfaceInfoById).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: '接口 1800000000000000002' })).toHaveAttribute(
      'href',
      expect.stringContaining('1800000000000000002'),
    );
  });

  it('names the replacement once it is read', async () => {
    jest.mocked(getInterfaceInfoById).mockResolvedValue({
      code: 0,
      message: 'ok',
      data: { ...info, id: '1800000000000000002', name: '天气查询 v2', deprecated: false },
    });
    renderWithAntd(<LifecycleBanner info={info} now={new Date(2026, 10, 20).getTime()} />);

    expect(await screen.findByRole('link', { name: '天气查询 v2' })).toHaveAttribute(
      'href',
      expect.stringContaining('1800000000000000002'),
    );
    expect(getInterfaceInfoById).toHaveBeenCalledWith(
      { id: '1800000000000000002' },
      { skipErrorHandler: true },
    );
  });

  it('after the sunset date says it has stopped', () => {
    renderWithAntd(
      <LifecycleBanner info={{ ...info, replacementId: undefined }} now={new Date(2027, 0, 1).getTime()} />,
    );

    expect(screen.getByText(/已于 2026-12-31 停止服务，调用返回 410 Gone/)).toBeInTheDocument();
  });

  it('shows nothing for an interface that is not deprecated, and reads no replacement', () => {
    renderWithAntd(<LifecycleBanner info={{ ...info, deprecated: false }} />);
    expect(getInterfaceInfoById).not.toHaveBeenCalled();

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('该接口已弃用')).not.toBeInTheDocument();
  });
});

describe('LifecycleNotices', () => {
  it('lists the callers told, by name', async () => {
    jest.mocked(listInterfaceNotices).mockResolvedValue({
      code: 0,
      message: 'ok',
      data: [
        {
          userId: '1790000000000000003',
          userAccount: 'alice',
          userName: '爱丽丝',
          lastCallTime: '2026-11-19 10:00:00',
          sunsetDate: '2026-12-31',
          replacementId: null as unknown as string,
          createTime: '2026-11-20 15:31:00',
        },
      ],
    });

    renderWithAntd(<LifecycleNotices interfaceId={info.id as string} />);

    expect(await screen.findByText('爱丽丝')).toBeInTheDocument();
    expect(screen.getByText('2026-11-19 10:00:00')).toBeInTheDocument();
    expect(listInterfaceNotices).toHaveBeenCalledWith({ id: info.id }, { skipErrorHandler: true });
  });
});
