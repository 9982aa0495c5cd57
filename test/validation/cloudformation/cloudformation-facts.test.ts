import { cloudFormationFacts } from '../../../validation/cloudformation/cloudformation-facts';

describe('cloudFormationFacts', () => {
  it('reads literal names and parameter defaults, and only EC2-trusting roles as node roles', () => {
    const facts = cloudFormationFacts({
      Parameters: { Queue: { Type: 'String', Default: 'from-default' } },
      Resources: {
        Q: { Type: 'AWS::SQS::Queue', Properties: { QueueName: { Ref: 'Queue' } } },
        N: {
          Type: 'AWS::IAM::Role',
          Properties: {
            RoleName: 'nodes',
            AssumeRolePolicyDocument: { Principal: { Service: 'ec2.amazonaws.com' } },
          },
        },
        C: { Type: 'AWS::IAM::Role', Properties: { RoleName: 'controller', AssumeRolePolicyDocument: {} } },
        P: {
          Type: 'AWS::IAM::InstanceProfile',
          Properties: { InstanceProfileName: { 'Fn::Sub': 'profile' } },
        },
        A: { Type: 'AWS::EKS::AccessEntry', Properties: { ClusterName: { 'Fn::Sub': '${AWS::StackName}' } } },
        I: { Type: 'AWS::EKS::PodIdentityAssociation', Properties: { ClusterName: 'shop' } },
      },
    });
    expect(facts.title).toBe('CloudFormation');
    expect([...facts.queueNames]).toEqual(['from-default']);
    expect([...facts.nodeRoleNames]).toEqual(['nodes']);
    expect([...facts.instanceProfileNames]).toEqual(['profile']);
    expect([...facts.clusterNames]).toEqual(['shop']);
  });
});
