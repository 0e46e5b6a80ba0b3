import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { startLanguage } from '@/locales';
import { ApiError } from '@/requestConfig';
import { invokeInterfaceInfo, listInvokeHistory } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { MESSAGES } from '@agler/contract/messages';
import { HISTORY_TEXTS } from '../texts';
import { CallPanel } from './CallPanel';
import { loadEnglish } from '@/testing/english';

jest.mock('@/services/agler/interfaceInfo', () => ({ invokeInterfaceInfo: jest.fn(), listInvokeHistory: jest.fn() }));

const invoke = invokeInterfaceInfo as jest.Mock;
const listHistory = listInvokeHistory as jest.Mock;
const EXAMPLE = '{\n  "city": "Beijing"\n}';
const REQUEST_PARAMS = JSON.stringify([{ name: 'city', type: 'string', required: true, description: 'City' }]);
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/** Answers as the request layer does: a code other than 0 is thrown. */
function answerWith(text: string) {
  return async (_body: unknown, options: { transformResponse: ((data: unknown) => unknown)[] }) => {
    const envelope = options.transformResponse[0](text) as { code: number; message: string; data: unknown };
    if (envelope.code !== 0) throw new ApiError(envelope);
    return envelope;
  };
}

function Harness() {
  const [value, setValue] = useState(EXAMPLE);
  return <CallPanel interfaceId="1800000000000000001" requestParams={REQUEST_PARAMS} value={value} onChange={setValue} example={EXAMPLE} />;
}

beforeAll(() => startLanguage('en-US', loadEnglish));

beforeEach(() => {
  invoke.mockReset();
  listHistory.mockReset();
  listHistory.mockResolvedValue({ code: 0, data: [], message: 'ok' });
});

describe('CallPanel in English', () => {
  it("shows the platform's message in English and the body as the server sent it", async () => {
    invoke.mockImplementation(answerWith(`{"code":40300,"data":null,"message":"${MESSAGES.quotaExhausted}"}`));
    renderWithAntd(<Harness />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Send request/ }));
    });
    const panel = screen.getByRole('region', { name: 'Response' });
    expect(await within(panel).findByText('No calls left for this interface')).toBeInTheDocument();
    expect(within(panel).getByText('Error code 40300')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).not.toHaveTextContent(CJK);
    expect(within(panel).getByLabelText('Response body')).toHaveTextContent(`"message": "${MESSAGES.quotaExhausted}"`);
  });

  it('shows the JSON error at the editor in English, and why the form cannot show it', async () => {
    renderWithAntd(<Harness />);
    // The recent calls it asks for as it opens (none here).
    expect(await screen.findByText(HISTORY_TEXTS.empty)).toBeInTheDocument();
    // Edited while the form was chosen: the JSON is shown, with why the form cannot be.
    const editor = screen.getByLabelText('Request parameters (JSON)');
    fireEvent.change(editor, { target: { value: '{"city": }' } });
    expect(editor).toHaveAccessibleDescription('Invalid JSON (line 1, column 10): value expected');
    expect(
      screen.getByText('The form cannot show the current parameters: Invalid JSON (line 1, column 10): value expected'),
    ).toBeInTheDocument();
  });
});
