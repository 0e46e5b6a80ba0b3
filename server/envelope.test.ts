/**
 * @jest-environment node
 */
import { ResponseCode } from '@agler/contract/constants';
import { INTERFACE_VALIDATION_TEXTS } from '@agler/contract/interfaceValidation';
import { checkJson } from '@agler/contract/json';
import { HOST_NOT_SERVED, IMPORT_MESSAGES, MESSAGES } from '@agler/contract/messages';
import { IMPORT_LIMITS } from '@agler/contract/openapiImport';
import { ApiError } from './domain/errors';
import { failure } from './envelope';
import { ADMIN, call, setUpTestApp } from './test/app';
import { deepDocument } from './test/openapiDocuments';

/** A refusal's envelope names its message by key and values beside the Chinese text, so a client can translate it. */

const t = setUpTestApp({ login: { admin: ADMIN } });

describe('the envelope of a refusal', () => {
  it('names a fixed message by its key, with no values', async () => {
    const answer = await call(t.app, { url: '/api/user/get/login' });
    expect(answer).toEqual({ code: ResponseCode.NOT_LOGIN, data: null, message: MESSAGES.notLogin, messageKey: 'api.notLogin' });
    expect(await call(t.app, { url: '/api/no/such/path' })).toMatchObject({ message: MESSAGES.unknownPath, messageKey: 'api.unknownPath' });
  });

  it('names a message built from values by its key and the values', async () => {
    const answer = await call(t.app, { url: '/demo/no/such' });
    expect(answer).toEqual({
      code: ResponseCode.NOT_FOUND,
      data: null,
      message: MESSAGES.unknownDemo('GET', '/no/such').text,
      messageKey: 'api.unknownDemo',
      messageArgs: ['GET', '/no/such'],
    });
  });

  it('names a message inside a message by its own key', async () => {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/add',
      cookie: t.cookie.admin,
      payload: { name: 'keyed', url: 'https://example.com/a', method: 'GET', requestParams: '{"a" 1}' },
    });
    expect(answer).toEqual({
      code: ResponseCode.PARAMS_ERROR,
      data: null,
      message: INTERFACE_VALIDATION_TEXTS.json('requestParams', checkJson('{"a" 1}')!).text,
      messageKey: 'interfaceFields.json',
      messageArgs: ['requestParams', { messageKey: 'json.invalid', messageArgs: [1, 6, { messageKey: 'jsonErrors.ColonExpected' }] }],
    });
  });

  it('names a message built in the import\'s reading thread by its key, though this thread never built it', async () => {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/interfaceInfo/import',
      cookie: t.cookie.admin,
      payload: { document: deepDocument(200), dryRun: true },
    });
    expect(answer).toEqual({
      code: ResponseCode.PARAMS_ERROR,
      data: null,
      message: IMPORT_MESSAGES.tooDeep(IMPORT_LIMITS.depthMax).text,
      messageKey: 'import.tooDeep',
      messageArgs: [IMPORT_LIMITS.depthMax],
    });
  });

  it('names a message built long before it is refused by its key, however many were built since', () => {
    const early = MESSAGES.notText('searchText');
    const thrown = new ApiError(ResponseCode.PARAMS_ERROR, MESSAGES.dateInvalid('startDate'));
    for (let i = 0; i < 1500; i += 1) MESSAGES.notText(`p${i}`);
    expect(JSON.stringify(failure(ResponseCode.PARAMS_ERROR, early))).toBe(
      '{"code":40000,"data":null,"message":"参数 searchText 应为文本","messageKey":"api.notText","messageArgs":["searchText"]}',
    );
    expect(failure(thrown.code, thrown.message, thrown.messageRef)).toEqual({
      code: ResponseCode.PARAMS_ERROR,
      data: null,
      message: 'startDate 应为 yyyy-MM-dd 格式的有效日期',
      messageKey: 'api.dateInvalid',
      messageArgs: ['startDate'],
    });
  });

  it('names no key for a success, or for a text that is none of the tables', async () => {
    const answer = await call(t.app, { url: '/api/user/get/login', cookie: t.cookie.admin });
    expect(answer.code).toBe(ResponseCode.SUCCESS);
    expect(answer).not.toHaveProperty('messageKey');
    expect(failure(ResponseCode.FORBIDDEN, HOST_NOT_SERVED)).toEqual({ code: ResponseCode.FORBIDDEN, data: null, message: HOST_NOT_SERVED });
  });
});
