import { fireEvent, screen, within } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { importInterfaceInfo } from '@/services/agler/interfaceInfo';
import { loadEnglish } from '@/testing/english';
import { renderWithAntd } from '@/testing/render';
import { ImportModal } from './ImportModal';

jest.mock('@/services/agler/interfaceInfo', () => ({ importInterfaceInfo: jest.fn() }));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/** Values as the server sends them: the generated typings read MessageArg's oneOf as an object only. */
const args = (...values: (string | number)[]) => values as unknown as API.MessageArg[];

/** A row's note as the server answers it: the Chinese text, and its key and values beside it (texts built here would translate without them). */
const NAME_TRUNCATED = '名称超过 50 个字符，已截断';
const KEYED_NAME_TRUNCATED = {
  message: NAME_TRUNCATED,
  messageKey: 'import.nameTruncated',
  messageArgs: args(50),
};

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
          notes: [NAME_TRUNCATED],
          keyedNotes: [KEYED_NAME_TRUNCATED],
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
          notes: [NAME_TRUNCATED],
          keyedNotes: [KEYED_NAME_TRUNCATED],
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
          reason: '平台不支持 HEAD 方法',
          reasonKey: 'import.methodUnsupported',
          reasonArgs: args('HEAD'),
        },
        {
          index: 3,
          operation: 'GET /pets/',
          name: 'List pets again',
          reason: '与第 1 行的请求方法和地址相同',
          reasonKey: 'import.duplicate',
          reasonArgs: args(1),
        },
      ],
      errors: [],
      baseUrlRequired: false,
    },
  });
  renderWithAntd(<ImportModal open onClose={jest.fn()} onImported={jest.fn()} />);

  fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'openapi: 3.1.0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

  expect(await screen.findByText('1 to create, 1 to update, 2 skipped')).toBeInTheDocument();
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
  expect(screen.getByText('Same method and URL as row 1')).toBeInTheDocument();
  expect(screen.getByText('The name is longer than 50 characters and was shortened')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Import 2 interfaces' })).toBeEnabled();
  expect(document.body.textContent).not.toMatch(CJK);
});

test('a document’s errors in English by their keys, and one without a key as sent', async () => {
  jest.mocked(importInterfaceInfo).mockResolvedValueOnce({
    code: 0,
    message: 'ok',
    data: {
      create: [],
      update: [],
      skip: [],
      errors: [
        {
          path: '/openapi',
          message: '不支持的版本 4.0.0：只支持 Swagger 2.0、OpenAPI 3.0 和 3.1',
          messageKey: 'import.unsupportedVersion',
          messageArgs: args('4.0.0'),
        },
        { path: '/components', message: 'must NOT have additional properties: x' },
      ],
      baseUrlRequired: false,
    },
  });
  renderWithAntd(<ImportModal open onClose={jest.fn()} onImported={jest.fn()} />);

  fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'openapi: 4.0.0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

  expect(
    await screen.findByText('Version 4.0.0 is not supported: only Swagger 2.0, OpenAPI 3.0 and 3.1', {
      exact: false,
    }),
  ).toBeInTheDocument();
  expect(screen.getByText('must NOT have additional properties: x', { exact: false })).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(CJK);
});
