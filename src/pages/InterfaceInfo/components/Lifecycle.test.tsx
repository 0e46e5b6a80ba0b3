import { screen } from '@testing-library/react';
import { listInterfaceNotices } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { LifecycleBanner, LifecycleNotices } from './Lifecycle';

jest.mock('@umijs/max', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
  history: { replace: jest.fn() },
}));
jest.mock('@/services/agler/interfaceInfo', () => ({ listInterfaceNotices: jest.fn() }));

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

describe('LifecycleBanner', () => {
  it('says since when, the sunset date and links the replacement', () => {
    renderWithAntd(<LifecycleBanner info={info} now={new Date(2026, 10, 20).getTime()} />);

    expect(screen.getByText('该接口已弃用')).toBeInTheDocument();
    expect(screen.getByText(/2026-11-01 08:00:00 起弃用。将于 2026-12-31 停止服务/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '接口 1800000000000000002' })).toHaveAttribute(
      'href',
      expect.stringContaining('1800000000000000002'),
    );
  });

  it('after the sunset date says it has stopped', () => {
    renderWithAntd(<LifecycleBanner info={info} now={new Date(2027, 0, 1).getTime()} />);

    expect(screen.getByText(/已于 2026-12-31 停止服务，调用返回 410 Gone/)).toBeInTheDocument();
  });

  it('shows nothing for an interface that is not deprecated', () => {
    renderWithAntd(<LifecycleBanner info={{ ...info, deprecated: false }} />);

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
