import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@/requestConfig';
import { importInterfaceInfo } from '@/services/agler/interfaceInfo';
import { renderWithAntd } from '@/testing/render';
import { ImportModal, previewRows } from './ImportModal';

jest.mock('@/services/agler/interfaceInfo', () => ({ importInterfaceInfo: jest.fn() }));

const importMock = jest.mocked(importInterfaceInfo);

const draft = (name: string, method: API.HttpMethod, url: string): API.ImportDraft => ({
  name,
  description: '',
  url,
  method,
  requestParams: '',
  requestHeader: '',
  responseHeader: '',
  deprecated: false,
});

const PREVIEW: API.ImportResult = {
  create: [
    {
      index: 0,
      operation: 'GET /pets',
      draft: draft('List pets', 'GET', 'https://pets.example/pets'),
      notes: [],
    },
    {
      index: 3,
      operation: 'POST /pets',
      draft: draft('Create a pet with a name much too long for th…', 'POST', 'https://pets.example/pets'),
      notes: ['名称超过 50 个字符，已截断'],
    },
  ],
  update: [
    {
      index: 1,
      operation: 'GET /pets/{id}',
      draft: draft('Get a pet', 'GET', 'https://pets.example/pets/{id}'),
      notes: [],
      id: '1800000000000000009',
      changes: [{ field: 'name', before: 'Pet', after: 'Get a pet' }],
    },
  ],
  skip: [{ index: 2, operation: 'HEAD /pets', name: 'HEAD /pets', reason: '平台不支持 HEAD 方法' }],
  errors: [],
  baseUrlRequired: false,
  specification: 'OpenAPI 3.1.0',
};

function setup() {
  const handlers = { onClose: jest.fn(), onImported: jest.fn() };
  renderWithAntd(<ImportModal open {...handlers} />);
  return handlers;
}

const button = (name: RegExp) => screen.getByRole('button', { name });

beforeEach(() => importMock.mockReset());

test('the preview lists every row in document order', () => {
  expect(previewRows(PREVIEW).map((r) => [r.index, r.kind])).toEqual([
    [0, 'create'],
    [1, 'update'],
    [2, 'skip'],
    [3, 'create'],
  ]);
});

test('paste, preview, leave a row out, import: the page says how many', async () => {
  const { onImported } = setup();
  importMock.mockResolvedValueOnce({ code: 0, data: PREVIEW, message: 'ok' }).mockResolvedValueOnce({
    code: 0,
    data: { ...PREVIEW, create: [PREVIEW.create[0]], ids: ['1', '1800000000000000009'] },
    message: 'ok',
  });

  fireEvent.change(screen.getByLabelText('文档内容'), { target: { value: 'openapi: 3.1.0' } });
  fireEvent.click(button(/^预\s*览$/));

  expect(await screen.findByText('新建 2 个，更新 1 个，跳过 1 个')).toBeInTheDocument();
  expect(importMock).toHaveBeenLastCalledWith(
    { document: 'openapi: 3.1.0', dryRun: true },
    { skipErrorHandler: true },
  );
  expect(screen.getByText('平台不支持 HEAD 方法')).toBeInTheDocument();
  expect(screen.getByText('修改：接口名称')).toBeInTheDocument();
  expect(screen.getByText(/名称超过 50 个字符/)).toBeInTheDocument();
  expect(button(/导入 3 个接口/)).toBeEnabled();

  fireEvent.click(screen.getByRole('checkbox', { name: /导入 Create a pet/ }));
  fireEvent.click(button(/导入 2 个接口/));

  await waitFor(() => expect(onImported).toHaveBeenCalledWith(1, 1));
  expect(importMock).toHaveBeenLastCalledWith(
    { document: 'openapi: 3.1.0', dryRun: false, exclude: [3] },
    { skipErrorHandler: true },
  );
  expect(
    await screen.findByText('已导入 2 个接口：新建 1 个（处于下线状态），更新 1 个'),
  ).toBeInTheDocument();
});

test('a document that does not validate shows each error with its path, and cannot be imported', async () => {
  setup();
  importMock.mockResolvedValueOnce({
    code: 0,
    data: {
      ...PREVIEW,
      create: [],
      update: [],
      skip: [],
      errors: [{ path: '/info', message: "must have required property 'version'" }],
    },
    message: 'ok',
  });

  fireEvent.change(screen.getByLabelText('文档内容'), { target: { value: '{}' } });
  fireEvent.click(button(/^预\s*览$/));

  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('文档不符合规范（1 处），不会导入任何接口')).toBeInTheDocument();
  expect(within(alert).getByText('/info')).toBeInTheDocument();
  expect(button(/导入 0 个接口/)).toBeDisabled();
});

test('nothing to preview says so; a refusal by the server is shown', async () => {
  setup();

  fireEvent.click(button(/^预\s*览$/));
  expect(await screen.findByText('请先粘贴文档、选择文件或填写文档地址')).toBeInTheDocument();
  expect(importMock).not.toHaveBeenCalled();

  fireEvent.click(screen.getByText('从 URL 获取'));
  fireEvent.change(screen.getByLabelText('文档地址'), { target: { value: 'http://10.0.0.1/openapi.json' } });
  importMock.mockRejectedValueOnce(
    new ApiError({
      code: 40000,
      message: '无法获取文档：目标地址不允许访问（内网、本机或保留地址），调用被拒绝',
    }),
  );
  fireEvent.click(button(/^预\s*览$/));

  expect(await screen.findByText(/无法获取文档/)).toBeInTheDocument();
  expect(importMock).toHaveBeenCalledWith(
    { url: 'http://10.0.0.1/openapi.json', dryRun: true },
    { skipErrorHandler: true },
  );
});

test('a relative server asks for the base URL, which the next preview sends', async () => {
  setup();
  importMock.mockResolvedValueOnce({ code: 0, data: { ...PREVIEW, baseUrlRequired: true }, message: 'ok' });

  fireEvent.change(screen.getByLabelText('文档内容'), { target: { value: 'openapi: 3.1.0' } });
  fireEvent.click(button(/^预\s*览$/));

  expect(await screen.findByText('文档没有完整的服务器地址：请填写基础地址后重新预览')).toBeInTheDocument();
  importMock.mockResolvedValueOnce({ code: 0, data: PREVIEW, message: 'ok' });
  fireEvent.change(screen.getByLabelText('基础地址'), { target: { value: 'https://pets.example' } });
  fireEvent.click(button(/^预\s*览$/));
  await waitFor(() =>
    expect(importMock).toHaveBeenLastCalledWith(
      { document: 'openapi: 3.1.0', baseUrl: 'https://pets.example', dryRun: true },
      { skipErrorHandler: true },
    ),
  );
});
