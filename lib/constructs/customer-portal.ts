import { CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AuthorizationType, CognitoUserPoolsAuthorizer, LambdaIntegration, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import { AccountRecovery, UserPool, UserPoolClient, UserPoolEmail, VerificationEmailStyle } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import {
  FUNCTION_MEMORY_MB,
  PASSWORD_MIN_LENGTH,
  PORTAL_ENV,
  ROUTE_TABLE,
  USER_POOL,
  operationsAt,
  resourcesServedBy,
} from '../../lambda/contract';
import { ONE_PERMISSION_PER_API } from './nameday-api';
import { ServiceFunction } from './service-function';

export interface CustomerPortalProps {
  api: RestApi;
  apiKeysTable: ITable;
  /** Read by the portal to find a people feed's names in the calendars. */
  namedaysTable: ITable;
  nameIndexTable: ITable;
  /** The stage whose usage plans keys join; the function finds the plans by their tier's name. */
  stageName: string;
  /** The API's base URL as customers reach it (its custom domain, when it has one), ending in a slash. */
  publicUrl: string;
  /** An SES-verified sender in the stack's region; @default Cognito's own sender (a few dozen mails a day) */
  emailFrom?: string;
  /** The limits' environment, as the name day functions get it, so usage is shown as they count. */
  environment: Record<string, string>;
}

/**
 * The customer dashboard: accounts in a Cognito user pool, and a portal function of its own that serves
 * the page and manages an account's keys in the keys table and API Gateway's usage plans. Key methods
 * sit behind a Cognito authorizer, so an anonymous call never reaches the function.
 */
export class CustomerPortal extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly portalFunction: ServiceFunction;

  constructor(scope: Construct, id: string, props: CustomerPortalProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.userPool = new UserPool(this, 'Customers', {
      userPoolName: USER_POOL.poolName,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      userVerification: {
        emailSubject: 'Your Nameday API confirmation code',
        emailBody: 'Your Nameday API confirmation code is {####}',
        emailStyle: VerificationEmailStyle.CODE,
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      ...(props.emailFrom && {
        // The identity must be verified in SES in the stack's own region.
        email: UserPoolEmail.withSES({ fromEmail: props.emailFrom, sesRegion: stack.region }),
      }),
      // Accounts own keys that customers' systems depend on: a stack deletion must not take them.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    this.client = this.userPool.addClient('Dashboard', {
      userPoolClientName: USER_POOL.clientName,
      // The page signs in with a password (USER_PASSWORD_AUTH) and refreshes its session; it has no
      // hosted UI and no redirect, so no OAuth flow and no callback URL.
      authFlows: { userPassword: true },
      disableOAuth: true,
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-COG1',
        reason: `Length over composition (NIST SP 800-63B): at least ${PASSWORD_MIN_LENGTH} characters, no character-class rules.`,
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG2',
        reason: 'Free self-service accounts holding revocable API keys; MFA can be offered later without changing the flows.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG8',
        reason:
          "The Plus feature plan's threat protection is priced per user; not warranted for free accounts holding revocable keys.",
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG3',
        reason: "Cognito's threat protection is a paid feature tier; sign-in attempts are throttled by Cognito itself.",
      },
    );

    this.portalFunction = new ServiceFunction(this, 'PortalFunction', {
      entryFile: 'portal-lambda',
      memorySize: FUNCTION_MEMORY_MB.portal,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: 'nameday-portal',
        [PORTAL_ENV.userPoolId]: this.userPool.userPoolId,
        [PORTAL_ENV.userPoolClientId]: this.client.userPoolClientId,
        [PORTAL_ENV.issuerBase]: `https://cognito-idp.${stack.region}.amazonaws.com`,
        [PORTAL_ENV.confirmSignUps]: 'code',
        [PORTAL_ENV.restApiId]: props.api.restApiId,
        [PORTAL_ENV.stageName]: props.stageName,
      },
      bundling: {
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          // The pages' files beside the bundle: the dashboard, and the reference page with Redoc and the document.
          afterBundling: (inputDir: string, outputDir: string) => [
            `cp -r "${inputDir}/web/dashboard" "${outputDir}/dashboard"`,
            `cp -r "${inputDir}/web/docs" "${outputDir}/docs"`,
            `cp "${inputDir}/node_modules/redoc/bundles/redoc.standalone.js" "${inputDir}/docs/openapi.yaml" "${outputDir}/docs/"`,
          ],
        },
      },
    })
      .bindTable('apiKeys', props.apiKeysTable, 'manage-keys')
      .bindTable('namedays', props.namedaysTable, 'read')
      .bindTable('nameIndex', props.nameIndexTable, 'read');
    this.grantGatewayKeys();
    this.addRoutes(props.api);

    new CfnOutput(this, 'DashboardUrl', {
      value: `${props.publicUrl}dashboard`,
      description: 'The customer dashboard: accounts, keys and usage',
    });
    new CfnOutput(this, 'ReferenceUrl', {
      value: `${props.api.url}docs`,
      description: 'The API reference, rendered from docs/openapi.yaml',
    });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
  }

  /**
   * API Gateway's copy of a key, as the key command makes it: find the stage's plans, create the key,
   * attach it to its tier's plan, disable it. Plan ids cannot be named here without a dependency circle
   * (plan → stage → the portal's methods → this function), so the plans' keys are granted by pattern.
   */
  private grantGatewayKeys(): void {
    const apigateway = `arn:${Stack.of(this).partition}:apigateway:${Stack.of(this).region}::`;
    this.portalFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['apigateway:GET'], resources: [`${apigateway}/usageplans`] }),
    );
    this.portalFunction.addToRolePolicy(
      new PolicyStatement({
        actions: ['apigateway:POST'],
        resources: [`${apigateway}/apikeys`, `${apigateway}/usageplans/*/keys`],
      }),
    );
    this.portalFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['apigateway:PATCH'], resources: [`${apigateway}/apikeys/*`] }),
    );
    Validations.of(this.portalFunction.role!).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/apikeys/*]',
        reason: "API Gateway names a key's id when it creates it; the grant is PATCH (disable) on keys alone.",
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/usageplans/*/keys]',
        reason:
          "Attaching a key to its tier's plan; the plan ids would close a dependency circle (plan → stage → methods → function).",
      },
    );
  }

  private addRoutes(api: RestApi): void {
    const integration = new LambdaIntegration(this.portalFunction, ONE_PERMISSION_PER_API);
    const authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [this.userPool],
      identitySource: 'method.request.header.Authorization',
    });
    // The route table's portal paths: a session's methods behind the authorizer, the rest open.
    for (const path of resourcesServedBy('portal')) {
      const resource = api.root.resourceForPath(path);
      for (const operation of operationsAt(path)) {
        const route = ROUTE_TABLE[operation];
        resource.addMethod(route.method, integration, {
          apiKeyRequired: false,
          ...(route.authorization === 'session'
            ? { authorizer, authorizationType: AuthorizationType.COGNITO }
            : { authorizationType: AuthorizationType.NONE }),
        });
      }
      // Every other method reaches the function, which answers 405 with the route's own Allow.
      resource.addMethod('ANY', integration, { apiKeyRequired: false, authorizationType: AuthorizationType.NONE });
    }
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-APIG4',
        reason:
          'The page, sign-up, confirmation, sign-in and sign-out are reached before there is a session; other methods only answer 405. Key methods use the Cognito authorizer.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG4',
        reason:
          'The page, sign-up, confirmation, sign-in and sign-out are reached before there is a session; other methods only answer 405. Key methods use the Cognito authorizer.',
      },
    );
  }
}
