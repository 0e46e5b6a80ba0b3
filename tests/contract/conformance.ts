import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import document from '../../config/openapi.json';

/**
 * Every exchange of the contract suite checked against config/openapi.json, the document the
 * platform publishes: the answer's status is one its operation lists, the headers that answer
 * declares required are there, and its JSON body validates against the answer's schema (JSON
 * Schema 2020-12, Ajv). A request whose JSON body its operation's schema refuses must be
 * refused: a document stricter than the server is as untrue as one looser than it. A path the
 * document does not have must answer 404.
 */

type Json = Record<string, unknown>;
type Reference = { $ref?: string };
type HeaderObject = Reference & { required?: boolean };
type MediaType = { schema?: unknown };
type ResponseObject = Reference & {
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaType>;
};
type OperationObject = {
  requestBody?: Reference & { content?: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
};

const DOCUMENT_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(document as Json, DOCUMENT_ID);

/** A JSON pointer's token. */
const token = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

/** The object a local `$ref` names, followed until it is no reference. */
function resolve<T extends Reference>(value: T, pointer: string): { value: T; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    at = current.$ref.replace(/^#/, '');
    current = at
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (node as Json)[part], document) as T;
  }
  return { value: current, pointer: at };
}

const validators = new Map<string, ValidateFunction>();
function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const routes = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({
  template,
  item,
  pattern: new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  ),
}));

export type Exchange = {
  method: string;
  /** The path with its query, as sent. */
  path: string;
  /** The body as sent, when it was text. */
  requestBody?: string;
  requestContentType?: string;
  status: number;
  headers: Headers;
  text: string;
};

function jsonOf(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const errorsOf = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');

/** Whether the answer is the envelope of a success. */
function succeeded(exchange: Exchange): boolean {
  if (exchange.status < 200 || exchange.status >= 300) return false;
  const body = jsonOf(exchange.text);
  return !body.ok || (body.value as Json | null)?.code === undefined || (body.value as Json).code === 0;
}

/** What is wrong with `exchange` by the document, or undefined when nothing is. */
export function nonConformance(exchange: Exchange): string | undefined {
  const method = exchange.method.toLowerCase();
  const [pathOnly] = exchange.path.split('?');
  const where = `${exchange.method} ${pathOnly} → HTTP ${exchange.status}`;
  const route = routes.find((r) => r.pattern.test(pathOnly));
  if (!route) return exchange.status === 404 ? undefined : `${where}: the document has no such path`;
  const operation = route.item[method] as OperationObject | undefined;
  if (!operation || !METHODS.includes(method))
    return exchange.status === 405 || exchange.status === 404
      ? undefined
      : `${where}: the document has no ${method} here`;
  const operationPointer = `/paths/${token(route.template)}/${method}`;

  // The request.
  if (
    operation.requestBody &&
    exchange.requestBody !== undefined &&
    /json/i.test(exchange.requestContentType ?? '')
  ) {
    const { value: requestBody, pointer } = resolve(operation.requestBody, `${operationPointer}/requestBody`);
    const media = Object.keys(requestBody.content ?? {}).find((type) => /json/i.test(type));
    const sent = jsonOf(exchange.requestBody);
    if (media && requestBody.content?.[media]?.schema && sent.ok) {
      const validate = validatorAt(`${pointer}/content/${token(media)}/schema`);
      if (!validate(sent.value) && succeeded(exchange))
        return `${where}: the request's body is refused by the document (${errorsOf(validate)}) yet the server accepted it`;
    }
  }

  // The answer.
  const responses = operation.responses ?? {};
  const key = [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default'].find(
    (k) => responses[k],
  );
  if (!key)
    return `${where}: the document lists no answer ${exchange.status} (it lists ${Object.keys(responses).join(', ')})`;
  const { value: response, pointer } = resolve(responses[key], `${operationPointer}/responses/${key}`);
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (resolve(header, '').value.required && !exchange.headers.has(name))
      return `${where}: the document's required header ${name} is missing`;
  }
  const contentType = exchange.headers.get('content-type') ?? '';
  const media = Object.keys(response.content ?? {}).find(
    (type) =>
      contentType.toLowerCase().startsWith(type.toLowerCase()) ||
      (type.endsWith('/*') && contentType.startsWith(type.slice(0, -1))),
  );
  if (!media) {
    if (!response.content || exchange.text === '') return undefined;
    return `${where}: the document's answer has no ${contentType || 'body'} (it has ${Object.keys(response.content).join(', ')})`;
  }
  if (!response.content?.[media]?.schema || !/json/i.test(media)) return undefined;
  const body = jsonOf(exchange.text);
  if (!body.ok) return `${where}: the answer is not JSON`;
  const validate = validatorAt(`${pointer}/content/${token(media)}/schema`);
  if (!validate(body.value))
    return `${where}: the answer does not match the document: ${errorsOf(validate)}\n${exchange.text.slice(0, 300)}`;
  return undefined;
}

/** Fails the test when `exchange` is not what the document says. */
export function expectConformant(exchange: Exchange): void {
  const problem = nonConformance(exchange);
  if (problem) throw new Error(`config/openapi.json does not describe this exchange: ${problem}`);
}
