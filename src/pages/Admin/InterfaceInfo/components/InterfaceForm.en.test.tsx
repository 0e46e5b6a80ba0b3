import { fireEvent, screen } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { addInterfaceInfo, getInterfaceInfoById } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { InterfaceForm } from './InterfaceForm';
import { loadEnglish } from '@/testing/english';

jest.mock('@/services/agler/interfaceInfo', () => ({
  addInterfaceInfo: jest.fn(),
  getInterfaceInfoById: jest.fn(),
  updateInterfaceInfo: jest.fn(),
}));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function setup(record?: Pick<API.InterfaceInfo, 'id' | 'name'>) {
  renderWithAntd(
    <InterfaceForm open record={record} onClose={jest.fn()} onSaved={jest.fn()} onGone={jest.fn()} />,
  );
}

beforeAll(() => startLanguage('en-US', loadEnglish));

describe('InterfaceForm in English', () => {
  it("gives the contract's field rules in English", async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Interface name is required')).toBeInTheDocument();
    expect(screen.getByText('URL is required')).toBeInTheDocument();

    type('Name', 'n'.repeat(51));
    expect(await screen.findByText('Interface name cannot be longer than 50 characters')).toBeInTheDocument();
    type('URL', 'api.example.com/weather');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('URL must be a full address starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(addInterfaceInfo).not.toHaveBeenCalled();
  });

  it('refuses a burst below the rate limit in English', async () => {
    setup();
    type('Name', 'Weather');
    type('URL', 'https://api.example.com/weather');
    type('Rate limit (calls/s)', '10');
    type('Burst', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('The burst must be an integer of at least the rate limit and at most 100000'),
    ).toBeInTheDocument();
    expect(addInterfaceInfo).not.toHaveBeenCalled();
  });

  it('says where a JSON field is broken in English', async () => {
    setup();
    type('Name', 'Weather');
    type('URL', 'https://api.example.com/weather');
    type('Request headers', '{"Content-Type": }');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Invalid JSON (line 1, column 18): value expected')).toBeInTheDocument();
    expect(addInterfaceInfo).not.toHaveBeenCalled();
  });

  it('says in English why broken parameters cannot be edited as a table', async () => {
    jest.mocked(getInterfaceInfoById).mockResolvedValue({
      code: 0,
      data: {
        id: '1800000000000000007',
        name: 'Weather',
        description: '',
        url: 'https://api.example.com/weather',
        method: 'GET',
        requestParams: '[{"name": }]',
        requestHeader: '',
        responseHeader: '',
        status: 0,
      },
      message: 'ok',
    });
    setup({ id: '1800000000000000007', name: 'Weather' });
    await screen.findByLabelText('Name');
    fireEvent.click(screen.getByText('Table'));
    const why = screen.getByText(/^This cannot be edited as a table; change it in the JSON: /);
    expect(why).toHaveTextContent('Invalid JSON (line 1, column 11): value expected');
    expect(why).not.toHaveTextContent(CJK);
  });
});
