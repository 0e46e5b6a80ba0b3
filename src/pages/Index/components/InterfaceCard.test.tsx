import { screen } from '@testing-library/react';
import { renderWithAntd } from '@/testing/render';
import { InterfaceCard, useCardStyles } from './InterfaceCard';

const item: API.InterfaceInfo = {
  id: '1800000000000000009',
  name: '7 日天气预报',
  url: 'https://api.example.com/forecast',
  method: 'GET',
  status: 1,
  deprecated: true,
};

function Card({ sunsetDate }: { sunsetDate?: string }) {
  const { styles } = useCardStyles();
  return <InterfaceCard item={{ ...item, sunsetDate }} query="" styles={styles} />;
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

describe('a deprecated interface in the catalogue', () => {
  it('says when it stops', () => {
    renderWithAntd(<Card sunsetDate={day(30)} />);
    expect(screen.getByText(`已弃用 · ${day(30)} 停止服务`)).toBeInTheDocument();
  });

  it('once its sunset date has come, says that it has stopped', () => {
    renderWithAntd(<Card sunsetDate={day(-1)} />);
    expect(screen.getByText(`已弃用 · 已于 ${day(-1)} 停止服务`)).toBeInTheDocument();
  });

  it('without a sunset date, only that it is deprecated', () => {
    renderWithAntd(<Card />);
    expect(screen.getByText('已弃用')).toBeInTheDocument();
  });
});
