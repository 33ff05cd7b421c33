import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

/** What the key command needs from a deployed stack. */
export interface DeployedStack {
  apiKeysTable: string;
  freeUsagePlanId: string;
  paidUsagePlanId: string;
  /** The stage's base URL (the `ApiUrl` output), for the feed links the command prints. */
  apiUrl: string;
}

/** CDK output keys carry a construct path and a hash; match them by the name we gave them. */
const pick = (outputs: Record<string, string>, name: string): string => {
  const match = Object.entries(outputs).find(([key]) => key === name || key.includes(name));
  if (!match) throw new Error(`The stack has no ${name} output`);
  return match[1];
};

export const deployedStackFrom = (outputs: Record<string, string>): DeployedStack => ({
  apiKeysTable: pick(outputs, 'ApiKeysTableName'),
  freeUsagePlanId: pick(outputs, 'FreeUsagePlanId'),
  paidUsagePlanId: pick(outputs, 'PaidUsagePlanId'),
  apiUrl: pick(outputs, 'ApiUrl'),
});

/** Reads a deployed stack's outputs by its name. */
export const describeDeployedStack = async (client: CloudFormationClient, stackName: string): Promise<DeployedStack> => {
  const result = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  const stack = result.Stacks?.[0];
  if (!stack) throw new Error(`No stack named ${stackName}`);
  return deployedStackFrom(
    Object.fromEntries((stack.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? ''])),
  );
};
