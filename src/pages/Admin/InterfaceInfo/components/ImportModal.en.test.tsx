import { fireEvent, screen, within } from '@testing-library/react';
import { IMPORT_MESSAGES } from '@agler/contract/messages';
import { startLanguage } from '@/locales';
import { importInterfaceInfo } from '@/services/agler/interfaceInfo';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { ImportModal } from './ImportModal';

jest.mock('@umijs/max', () => ({ history: { replace: jest.fn() } }));
jest.mock('@/services/agler/interfaceInfo', () => ({ importInterfaceInfo: jest.fn() }));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

test('the dialog and the server’s reasons in English, no Chinese left', async () => {
  jest.mocked(importInterfaceInfo).mockResolvedValueOnce({
    code: 0,
    message: 'ok',
    data: {
      create: [
        {
          index: 0,
          operation: 'GET /pets',
          draft: {
            name: 'List pets',
            description: '',
            url: 'https://pets.example/pets',
            method: 'GET',
            requestParams: '',
            requestHeader: '',
            responseHeader: '',
            deprecated: false,
          },
          notes: [IMPORT_MESSAGES.nameTruncated(50)],
        },
      ],
      update: [
        {
          index: 2,
          id: '1800000000000000001',
          operation: 'GET /weather',
          draft: {
            name: 'Weather',
            description: 'New',
            url: 'https://pets.example/weather',
            method: 'GET',
            requestParams: '',
            requestHeader: '',
            responseHeader: '',
            deprecated: true,
          },
          notes: [IMPORT_MESSAGES.nameTruncated(50)],
          changes: [
            { field: 'description', before: 'Old', after: 'New' },
            { field: 'deprecated', before: 'false', after: 'true' },
            { field: 'requestHeader', before: '{"Accept":"application/json"}', after: '' },
          ],
        },
      ],
      skip: [
        {
          index: 1,
          operation: 'HEAD /pets',
          name: 'HEAD /pets',
          reason: IMPORT_MESSAGES.methodUnsupported('HEAD'),
        },
      ],
      errors: [],
      baseUrlRequired: false,
    },
  });
  renderWithAntd(<ImportModal open onClose={jest.fn()} onImported={jest.fn()} />);

  fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'openapi: 3.1.0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

  expect(await screen.findByText('1 to create, 1 to update, 1 skipped')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Changes: Description, Deprecated, Request headers; The name is longer than 50 characters and was shortened',
    ),
  ).toBeInTheDocument();
  // The update's differences: by field, and a value the import empties says so.
  const updateRow = screen.getByText('Weather').closest('tr') as HTMLElement;
  fireEvent.click(within(updateRow).getByRole('button', { name: /expand row/i }));
  expect(await screen.findByRole('columnheader', { name: 'Field' })).toBeInTheDocument();
  expect(screen.getByText('(empty)')).toBeInTheDocument();
  expect(screen.getByText('The platform does not support the HEAD method')).toBeInTheDocument();
  expect(screen.getByText('The name is longer than 50 characters and was shortened')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Import 2 interfaces' })).toBeEnabled();
  expect(document.body.textContent).not.toMatch(CJK);
});
