import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { hashApiKey, isWellFormedApiKey } from '../lambda/core/access/api-keys';
import {
  ALLOWED_METHODS,
  ERRORS,
  JSON_CONTENT_TYPE,
  MAX_PORTAL_BODY_BYTES,
  MIN_COMPRESSION_BYTES,
  errorBody,
} from '../lambda/contract';
import { UnauthorizedError } from '../lambda/core/shared/errors';
import { errorResponse } from '../lambda/adapters/http/error-mapper';
import { MethodNotAllowedError, RouteNotFoundError } from '../lambda/adapters/http/http-errors';
import type { DynamoDbApiKeyRepository } from '../lambda/adapters/dynamodb/dynamodb-api-key-repository';
import type { Logger } from '../lambda/adapters/logger';
import { proxyEvent } from './proxy-event';

export type ProxyHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

export interface GatewayOptions {
  /** Resource path → the function that serves it, as the stack wires them. */
  routes: Readonly<Record<string, ProxyHandler>>;
  /** The dashboard's routes: any method and the body go to the portal function, which checks both. */
  portalRoutes?: Readonly<Record<string, ProxyHandler>>;
  apiKeys: Pick<DynamoDbApiKeyRepository, 'findByHash'>;
  logger: Logger;
}

/** A path segment as sent, decoded where it decodes: a malformed escape is the handler's to refuse. */
const decodePathSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The route a path belongs to: an exact resource, or a template such as `/api/v1/feeds/{token}/namedays.ics`. */
const matchRoute = (
  routes: Readonly<Record<string, ProxyHandler>>,
  path: string,
): { resource: string; handler: ProxyHandler; pathParameters?: Record<string, string> } | undefined => {
  if (Object.hasOwn(routes, path)) return { resource: path, handler: routes[path] as ProxyHandler };
  for (const [resource, handler] of Object.entries(routes)) {
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
        handler,
        pathParameters: Object.fromEntries(names.map((name, index) => [name, decodePathSegment(found[index + 1] ?? '')])),
      };
    }
  }
  return undefined;
};

/**
 * The request body as API Gateway hands it over, read only up to one byte past what the portal reads:
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

const send = (request: IncomingMessage, response: ServerResponse, result: APIGatewayProxyResult): void => {
  const raw = Buffer.from(result.body, 'utf8');
  const compress = raw.length >= MIN_COMPRESSION_BYTES && acceptsGzip(request);
  const body = compress ? gzipSync(raw) : raw;
  response.writeHead(result.statusCode, {
    ...Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)])),
    ...(compress && { 'Content-Encoding': 'gzip' }),
    Vary: 'Accept-Encoding',
    'Content-Length': body.length,
  });
  // HEAD: the GET answer's headers, Content-Length included, and no body.
  response.end(request.method === 'HEAD' ? undefined : body);
};

/**
 * What API Gateway does before a function runs, in its order: an unknown route is 404, a missing,
 * malformed, unknown or revoked key is 401, a method other than GET or HEAD is 405; then the route's handler
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

  const handlePortal = async (
    request: IncomingMessage,
    matched: NonNullable<ReturnType<typeof matchRoute>>,
    path: string,
    query: string,
  ): Promise<APIGatewayProxyResult> => {
    const body = await bodyOf(request);
    return matched.handler({
      ...proxyEvent({
        method: request.method ?? '',
        resource: matched.resource,
        ...(matched.pathParameters && { pathParameters: matched.pathParameters }),
        path,
        query,
        headers: headersOf(request),
      }),
      body,
    });
  };

  const handle = async (request: IncomingMessage): Promise<APIGatewayProxyResult> => {
    const target = request.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    // API Gateway routes `/dashboard/` to `/dashboard`, keeping the path as sent: so does this gateway.
    const portal =
      options.portalRoutes &&
      (matchRoute(options.portalRoutes, path) ??
        (path.length > 1 && path.endsWith('/') ? matchRoute(options.portalRoutes, path.replace(/\/+$/, '')) : undefined));
    if (portal) return handlePortal(request, portal, path, queryStart === -1 ? '' : target.slice(queryStart + 1));
    request.resume();
    const matched = matchRoute(options.routes, path);
    const route = matched?.handler;
    try {
      if (!route) throw new RouteNotFoundError();
      const headers = headersOf(request);
      const method = request.method ?? '';
      if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
        // A feed's token is checked by its function; every other route wants its key first.
        if (!matched?.pathParameters) await authenticate(headers['x-api-key']);
        throw new MethodNotAllowedError();
      }
      return await route(
        proxyEvent({
          method,
          resource: matched?.resource ?? path,
          ...(matched?.pathParameters && { pathParameters: matched.pathParameters }),
          path,
          query: queryStart === -1 ? '' : target.slice(queryStart + 1),
          headers,
        }),
      );
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
      .then((result) => send(request, response, result));
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
