import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { functionAt } from '../../lambda/contract';
import type { Exchange } from '../../local/gateway';
import {
  HTTP_METHODS,
  loadOpenApi,
  resolveRef,
  type OpenApiDocument,
  type OpenApiHeader,
  type OpenApiOperation,
  type OpenApiResponse,
} from './openapi-document';

const DOCUMENT_ID = 'https://nameday.invalid/openapi.json';

/** A path template of the document as a pattern over request paths. */
const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Holds answers to docs/openapi.yaml with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1): the
 * status is documented for the operation, the body matches the schema of its media type, and every
 * header the document requires is present and matches its schema. An unknown path must be the 404
 * error body. Returns the problems found, empty when the answer is true to the document.
 */
export const createContractValidator = (document: OpenApiDocument = loadOpenApi()) => {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  // Keywords OpenAPI adds to JSON Schema for readers; they assert nothing.
  ajv.addKeyword('example');
  // The document's components are a container of schemas, reached by refs, not a schema keyword.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  const paths = Object.keys(document.paths).map((template) => ({ template, pattern: templatePattern(template) }));
  const compiled = new Map<string, ValidateFunction>();

  /** A schema of the document, its refs made absolute so they resolve in the document's components, compiled once. */
  const schemaErrors = (schema: unknown, value: unknown): string[] => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(JSON.parse(key.replace(/"\$ref":"#/g, `"$ref":"${DOCUMENT_ID}#`)) as object);
      compiled.set(key, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
  };

  const headerErrors = (response: OpenApiResponse, headers: Readonly<Record<string, string>>, where: string): string[] => {
    const sent = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    return Object.entries(response.headers ?? {}).flatMap(([name, declared]) => {
      const header = resolveRef<OpenApiHeader>(document, declared);
      const value = sent.get(name.toLowerCase());
      if (value === undefined) return header.required ? [`${where}: header ${name} is missing`] : [];
      const schema = resolveRef<{ type?: string }>(document, header.schema as object);
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      return schemaErrors(header.schema, typed).map((problem) => `${where}: header ${name} ${problem}`);
    });
  };

  const bodyErrors = (response: OpenApiResponse, exchange: Exchange, where: string): string[] => {
    if (exchange.method === 'HEAD' || exchange.status === 304) {
      return exchange.body === '' ? [] : [`${where}: a body where none is sent`];
    }
    if (!response.content) return exchange.body === '' ? [] : [`${where}: an undocumented body`];
    const contentType = Object.entries(exchange.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const media = response.content[mediaType];
    if (!media) return [`${where}: media type ${mediaType || '(none)'} is not documented`];
    let value: unknown = exchange.body;
    if (mediaType === 'application/json') {
      try {
        value = JSON.parse(exchange.body);
      } catch {
        return [`${where}: the body is not JSON`];
      }
    }
    return schemaErrors(media.schema, value).map((problem) => `${where}: body ${problem}`);
  };

  return (exchange: Exchange): string[] => {
    const path = exchange.target.split('?')[0] ?? '';
    const where = `${exchange.method} ${exchange.target.slice(0, 120)} → ${exchange.status}`;
    // Exact paths win over templates, as on both hosts; a portal page asked with a trailing slash is routed
    // as without it, as API Gateway and the local gateway do.
    const exact = (asked: string) => paths.find((candidate) => candidate.template === asked);
    const template = (
      exact(path) ??
      paths.find((candidate) => candidate.pattern.test(path)) ??
      (path.length > 1 && path.endsWith('/') && functionAt(path.replace(/\/+$/, '')) === 'portal'
        ? exact(path.replace(/\/+$/, ''))
        : undefined)
    )?.template;
    if (!template) {
      const body =
        exchange.method === 'HEAD' ? [] : schemaErrors({ $ref: '#/components/schemas/Error' }, safeJson(exchange.body));
      return [
        ...(exchange.status === 404 ? [] : [`${where}: an unknown path must be 404`]),
        ...body.map((problem) => `${where}: ${problem}`),
      ];
    }
    const item = document.paths[template] ?? {};
    const asked = exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase();
    // A method the path does not answer is described by the 405 of the path's operations.
    const operation: OpenApiOperation | undefined =
      item[asked] ?? HTTP_METHODS.map((method) => item[method]).find((candidate) => candidate !== undefined);
    if (!operation) return [`${where}: no operation at ${template}`];
    if (!item[asked] && exchange.status !== 405) return [`${where}: ${exchange.method} is not documented at ${template}`];
    const declared = operation.responses[String(exchange.status)];
    if (!declared) return [`${where}: status ${exchange.status} is not documented for ${operation.operationId}`];
    const response = resolveRef<OpenApiResponse>(document, declared);
    return [...headerErrors(response, exchange.headers, where), ...bodyErrors(response, exchange, where)];
  };
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
