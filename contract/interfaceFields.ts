/**
 * An interface's fields and what they are called: a module without message tables, so the English
 * translation can name the fields without bundling the rules (interfaceValidation.ts).
 */

export const INTERFACE_FIELDS = [
  'name',
  'description',
  'url',
  'method',
  'requestParams',
  'requestHeader',
  'responseHeader',
] as const;
export type InterfaceField = (typeof INTERFACE_FIELDS)[number];

export const JSON_FIELDS = ['requestParams', 'requestHeader', 'responseHeader'] as const;
export type JsonField = (typeof JSON_FIELDS)[number];

/** How each field is called wherever a user reads about it. */
export const INTERFACE_FIELD_LABELS: Record<InterfaceField, string> = {
  name: '接口名称',
  description: '接口描述',
  url: '接口地址',
  method: '请求方法',
  requestParams: '请求参数',
  requestHeader: '请求头',
  responseHeader: '响应头',
};
