import { Tracer } from '@aws-lambda-powertools/tracer';

let tracer: Tracer | undefined;

/**
 * An AWS SDK v3 client whose calls appear in the function's X-Ray trace as subsegments (DynamoDB,
 * Cognito, API Gateway: the service map's nodes). Powertools Tracer turns itself off outside Lambda,
 * so the local host gets the client as it was. Imported by the Lambda entry points only.
 */
export const traceAwsClient = <Client extends object>(client: Client): Client => {
  // The SDK clients' calls are the trace's nodes; patching Node's http module as well would record
  // each of those calls twice and cost every request (and the cold start) the patch.
  tracer ??= new Tracer({ captureHTTPsRequests: false });
  return tracer.captureAWSv3Client(client);
};
