import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { rotateForwardSecret, setUpstreamLimits } from '@/services/agler/interfaceInfo';
import { ok } from '@/testing/envelope';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import UpstreamSection from './UpstreamSection';

jest.mock('@/services/agler/interfaceInfo', () => ({
  getInterfaceInfoById: jest.fn(),
  rotateForwardSecret: jest.fn(),
  setUpstreamAuth: jest.fn(),
  setUpstreamLimits: jest.fn(),
}));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const ID = '1800000000000000007';
const SECRET = `whsec_${'C'.repeat(43)}=`;
const UPSTREAM: API.UpstreamVO = {
  credentials: [{ in: 'query', name: 'key', last4: '' }],
  timeoutMs: 3000,
  retries: 1,
  maxConnections: 16,
  secretTime: '2026-11-20 15:31:00',
  previousUntil: '2026-11-21 15:31:00',
};

beforeAll(() => startLanguage('en-US', loadEnglish));

describe('UpstreamSection in English', () => {
  it('says everything in English, the guide link in English too', () => {
    const { container } = renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    expect(screen.getByRole('heading', { name: 'Upstream credentials' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forwarding signature' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Timeout and retries' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Upstream credentials' });
    expect(within(list).getByText('Query')).toBeInTheDocument();
    expect(within(list).getByText('••••')).toBeInTheDocument();
    expect(screen.getByText('The old secret also signs until')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to verify the signature' })).toHaveAttribute(
      'href',
      '/help/en.html#forwarded',
    );
    // Names, times and the values' hints aside, no Chinese is left.
    expect(container.textContent).not.toMatch(CJK);
  });

  it('refuses a limit out of range in English', async () => {
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    fireEvent.change(screen.getByLabelText('Retries'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 0 to 2')).toBeInTheDocument();
    expect(setUpstreamLimits).not.toHaveBeenCalled();
  });

  it('warns in English that the new secret is shown once', async () => {
    jest.mocked(rotateForwardSecret).mockResolvedValue(ok({ secret: SECRET, upstream: UPSTREAM }));
    renderWithAntd(<UpstreamSection id={ID} initial={UPSTREAM} />);
    fireEvent.click(screen.getByRole('button', { name: /Rotate secret/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New forwarding secret made' });
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    await waitFor(() =>
      expect(rotateForwardSecret).toHaveBeenCalledWith(
        { id: ID, graceSeconds: 86400 },
        { skipErrorHandler: true },
      ),
    );
  });
});
