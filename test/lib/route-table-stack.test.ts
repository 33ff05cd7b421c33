import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { NamedayStack } from '../../lib/nameday-stack';
import { OPERATION_IDS, ROUTE_TABLE, RESOURCE_PATHS, type Authorization } from '../../lambda/contract';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const template = Template.fromStack(new NamedayStack(app, 'RouteTableStack'));

interface CfnResource {
  Properties: Record<string, unknown>;
}

/** Each API Gateway resource's full path, rebuilt from its parent chain. */
const resourcePaths = (): Map<string, string> => {
  const resources = template.findResources('AWS::ApiGateway::Resource') as Record<string, CfnResource>;
  const pathOf = (id: string): string => {
    const { ParentId, PathPart } = resources[id]?.Properties as { ParentId: { Ref?: string }; PathPart: string };
    return `${ParentId.Ref ? pathOf(ParentId.Ref) : ''}/${PathPart}`;
  };
  return new Map(Object.keys(resources).map((id) => [id, pathOf(id)]));
};

const methods = () => {
  const paths = resourcePaths();
  return Object.values(template.findResources('AWS::ApiGateway::Method') as Record<string, CfnResource>).map((method) => {
    const properties = method.Properties as {
      HttpMethod: string;
      ResourceId: { Ref?: string };
      ApiKeyRequired?: boolean;
      AuthorizationType?: string;
    };
    return {
      path: properties.ResourceId.Ref ? paths.get(properties.ResourceId.Ref) : '/',
      method: properties.HttpMethod,
      apiKeyRequired: properties.ApiKeyRequired === true,
      authorizationType: properties.AuthorizationType ?? 'NONE',
    };
  });
};

const expectedAuthorization: Record<Authorization, { apiKeyRequired: boolean; authorizationType: string }> = {
  'api-key': { apiKeyRequired: true, authorizationType: 'NONE' },
  'feed-token': { apiKeyRequired: false, authorizationType: 'NONE' },
  session: { apiKeyRequired: false, authorizationType: 'COGNITO_USER_POOLS' },
  none: { apiKeyRequired: false, authorizationType: 'NONE' },
};

describe('the stack built from the route table', () => {
  const all = methods();

  it.each(OPERATION_IDS.flatMap((id) => ROUTE_TABLE[id].paths.map((path) => ({ id, path }))))(
    '$path answers $id, authorized as the table says',
    ({ id, path }) => {
      const route = ROUTE_TABLE[id];
      const method = all.find((candidate) => candidate.path === path && candidate.method === route.method);
      expect(method).toMatchObject(expectedAuthorization[route.authorization]);
    },
  );

  it('has a method only on the paths of the table (every other method of a path is its ANY)', () => {
    const served = new Set(all.map((method) => method.path));
    expect([...served].sort()).toEqual([...RESOURCE_PATHS].sort());
  });
});
