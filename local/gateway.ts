import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { hashApiKey, isWellFormedApiKey } from '../lambda/core/access/api-keys';
import {
  ERRORS,
  JSON_CONTENT_TYPE,
  MAX_PORTAL_BODY_BYTES,
  METHOD_CHECK,
  MIN_COMPRESSION_BYTES,
  RESOURCE_PATHS,
  ROUTE_TABLE,
  allowedMethodsAt,
  errorBody,
  functionAt,
  operationsAt,
  type ServingFunction,
} from '../lambda/contract';
import { UnauthorizedError } from '../lambda/core/shared/errors';
import { errorResponse } from '../lambda/adapters/http/error-mapper';
import { MethodNotAllowedError, RouteNotFoundError } from '../lambda/adapters/http/http-errors';
import type { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import type { Logger } from '../lambda/adapters/logger';
import { proxyEvent } from './proxy-event';

export type ProxyHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/** One answered request, as a client saw it (the body before compression; empty for HEAD). */
export interface Exchange {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface GatewayOptions {
  /** The functions, each serving its operations of the route table; a path whose function is absent is 404. */
  functions: Readonly<Partial<Record<ServingFunction, ProxyHandler>>>;
  apiKeys: Pick<DynamoDbApiKeyRepository, 'findByHash'>;
  logger: Logger;
  /** Sees every answer as it is sent: the tests hold each to docs/openapi.yaml. */
  observe?: (exchange: Exchange) => void;
}

/** A path segment as sent, decoded where it decodes: a malformed escape is the handler's to refuse. */
const decodePathSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The route table's resource a path belongs to: an exact resource, or a template such as `/api/v1/feeds/{token}/namedays.ics`. */
const matchResource = (path: string): { resource: string; pathParameters?: Record<string, string> } | undefined => {
  if (RESOURCE_PATHS.includes(path)) return { resource: path };
  for (const resource of RESOURCE_PATHS) {
    if (!resource.includes('{')) continue;
    const names: string[] = [];
    const pattern = resource.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_match, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (found) {
      return {
        resource,
        pathParameters: Object.fromEntries(names.map((name, index) => [name, decodePathSegment(found[index + 1] ?? '')])),
      };
    }
  }
  return undefined;
};

/** API Gateway routes `/dashboard/` to `/dashboard`, keeping the path as sent: so does this gateway, for the portal's pages. */
const dashboardWithSlash = (path: string): ReturnType<typeof matchResource> => {
  if (path.length < 2 || !path.endsWith('/')) return undefined;
  const trimmed = matchResource(path.replace(/\/+$/, ''));
  return trimmed && functionAt(trimmed.resource) === 'portal' ? trimmed : undefined;
};

/**
 * The request body as API Gateway hands it over, read only up to one byte past what the portal reads
 * (the name day functions read none):
 * a larger body reaches the function as too large without the whole of it being held.
 */
const bodyOf = (request: IncomingMessage): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size > MAX_PORTAL_BODY_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    request.once('end', () => resolve(size === 0 ? null : Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });

/** Big enough for any real client, so an oversized key header is answered 401 rather than cut off. */
const MAX_HEADER_BYTES = 64 * 1024;

const headersOf = (request: IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
  );

const acceptsGzip = (request: IncomingMessage): boolean =>
  /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*($|,))[\d.]+)?\s*($|,)/i.test(String(request.headers['accept-encoding'] ?? ''));

const send = (
  request: IncomingMessage,
  response: ServerResponse,
  result: APIGatewayProxyResult,
  observe?: (exchange: Exchange) => void,
): void => {
  const raw = Buffer.from(result.body, 'utf8');
  const compress = raw.length >= MIN_COMPRESSION_BYTES && acceptsGzip(request);
  const body = compress ? gzipSync(raw) : raw;
  const headers = {
    ...Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)])),
    ...(compress && { 'Content-Encoding': 'gzip' }),
    Vary: 'Accept-Encoding',
    'Content-Length': String(body.length),
  };
  response.writeHead(result.statusCode, headers);
  // HEAD: the GET answer's headers, Content-Length included, and no body.
  const head = request.method === 'HEAD';
  response.end(head ? undefined : body);
  observe?.({
    method: request.method ?? '',
    target: request.url ?? '/',
    status: result.statusCode,
    headers,
    body: head ? '' : result.body,
  });
};

/**
 * What API Gateway does before a function runs, in its order, from the route table: an unknown route is
 * 404; on the name day API a missing, malformed, unknown or revoked key is 401 and a method other than GET
 * or HEAD is 405 (the portal function checks its own methods and sessions); then the route's function
 * gets a proxy event. A GET goes to the handler without a key lookup: the handler's counting write
 * already refuses a missing, unknown or revoked key with the same 401, so the lookup would be a
 * second round trip for nothing. Only a request bound for 405 is looked up here, because API Gateway
 * answers a bad key before the method.
 */
export const createGateway = (options: GatewayOptions): Server => {
  const authenticate = async (key: string | undefined): Promise<void> => {
    if (!isWellFormedApiKey(key)) throw new UnauthorizedError();
    const record = await options.apiKeys.findByHash(hashApiKey(key));
    if (!record || record.status !== 'active') throw new UnauthorizedError();
  };

  const handle = async (request: IncomingMessage): Promise<APIGatewayProxyResult> => {
    const target = request.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    const body = await bodyOf(request);
    try {
      const matched = matchResource(path) ?? dashboardWithSlash(path);
      const serving = matched && functionAt(matched.resource);
      const handler = serving && options.functions[serving];
      if (!matched || !serving || !handler) throw new RouteNotFoundError();
      const headers = headersOf(request);
      const method = request.method ?? '';
      const allowed = allowedMethodsAt(matched.resource);
      if (METHOD_CHECK[serving] === 'gateway' && !allowed.includes(method)) {
        // API Gateway checks the key before the method, where the path wants one.
        if (operationsAt(matched.resource).some((operation) => ROUTE_TABLE[operation].authorization === 'api-key'))
          await authenticate(headers['x-api-key']);
        throw new MethodNotAllowedError(allowed);
      }
      return await handler({
        ...proxyEvent({
          method,
          resource: matched.resource,
          ...(matched.pathParameters && { pathParameters: matched.pathParameters }),
          path,
          query: queryStart === -1 ? '' : target.slice(queryStart + 1),
          headers,
        }),
        body,
      });
    } catch (error) {
      if (!(
        error instanceof RouteNotFoundError ||
        error instanceof UnauthorizedError ||
        error instanceof MethodNotAllowedError
      )) {
        options.logger.error('gateway failure', { error: error instanceof Error ? error.message : String(error) });
      }
      return errorResponse(error);
    }
  };

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    void handle(request)
      .catch((error: unknown) => {
        options.logger.error('gateway failure', { error: error instanceof Error ? error.message : String(error) });
        return errorResponse(error);
      })
      .then((result) => send(request, response, result, options.observe));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return;
    const kind = error.code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : 'malformedRequest';
    const { status, title } = ERRORS[kind];
    const body = JSON.stringify(errorBody(kind));
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
};
