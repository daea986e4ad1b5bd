/** CloudFormation's answers as its API documents them, for the adapters' tests. */
import { CloudFormationServiceException } from '@aws-sdk/client-cloudformation';
import type { DescribeStacksCommandOutput } from '@aws-sdk/client-cloudformation';

/** DescribeStacks for a deployed stack with these outputs. */
export const describedStack = (
  StackName: string,
  outputs: Record<string, string>,
): Partial<DescribeStacksCommandOutput> => ({
  Stacks: [
    {
      StackName,
      StackStatus: 'UPDATE_COMPLETE',
      CreationTime: new Date(0),
      Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })),
    },
  ],
});

/** A CloudFormation error as the SDK throws it: its name is the error code; the message is free text. */
export const cloudFormationError = (name: string, status: number, message: string) =>
  new CloudFormationServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status }, message });

/** DescribeStacks for a stack that does not exist: the code `ValidationError`, HTTP 400. */
export const stackMissing = (StackName: string) =>
  cloudFormationError('ValidationError', 400, `Stack with id ${StackName} does not exist`);
