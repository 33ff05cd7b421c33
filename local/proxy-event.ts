import type { APIGatewayProxyEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
};

/** Splits a raw query string as API Gateway does: both the last-value and the every-value maps. */
export const parseQueryString = (
  query: string,
): Pick<APIGatewayProxyEvent, 'queryStringParameters' | 'multiValueQueryStringParameters'> => {
  const multi: Record<string, string[]> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = decode(separator === -1 ? pair : pair.slice(0, separator));
    const value = separator === -1 ? '' : decode(pair.slice(separator + 1));
    (multi[name] ??= []).push(value);
  }
  const names = Object.keys(multi);
  if (names.length === 0) return { queryStringParameters: null, multiValueQueryStringParameters: null };
  return {
    queryStringParameters: Object.fromEntries(names.map((name) => [name, (multi[name] as string[]).at(-1) as string])),
    multiValueQueryStringParameters: multi,
  };
};

/** A REST API proxy event as API Gateway would send it to the integration of `resource`. */
export const proxyEvent = (request: {
  method: string;
  resource: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  apiKeyId?: string;
  requestId?: string;
  pathParameters?: Record<string, string>;
}): APIGatewayProxyEvent => {
  const requestId = request.requestId ?? randomUUID();
  return {
    resource: request.resource,
    path: request.path,
    httpMethod: request.method,
    headers: request.headers,
    multiValueHeaders: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value]])),
    ...parseQueryString(request.query),
    pathParameters: request.pathParameters ?? null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method,
      path: request.path,
      stage: 'local',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: request.resource,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: request.apiKeyId ?? null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '127.0.0.1',
        user: null,
        userAgent: request.headers['user-agent'] ?? null,
        userArn: null,
      },
    },
  };
};
