import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The parts of docs/openapi.yaml the tests read; the rest is there for readers and tools. */
export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: unknown;
}

export interface OpenApiMedia {
  schema?: unknown;
}

export interface OpenApiHeader {
  required?: boolean;
  schema?: unknown;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader | { $ref: string }>;
  content?: Record<string, OpenApiMedia>;
}

export interface OpenApiOperation {
  operationId: string;
  'x-operation': string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<OpenApiParameter | { $ref: string }>;
  responses: Record<string, OpenApiResponse | { $ref: string }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
}

export const OPENAPI_PATH = join(__dirname, '..', '..', 'docs', 'openapi.yaml');

/** The document as a plain object (YAML aliases expanded). */
export const loadOpenApi = (): OpenApiDocument =>
  parse(readFileSync(OPENAPI_PATH, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument;

/** A local `$ref` (`#/components/...`) resolved, or the object itself. */
export const resolveRef = <T>(document: OpenApiDocument, value: T | { $ref: string }): T => {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return resolveRef(document, target as T | { $ref: string });
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
