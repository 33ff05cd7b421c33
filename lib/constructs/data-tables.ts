import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITIONS, type TableDefinition, type TableRole } from '../../lambda/contract';

/**
 * The service's DynamoDB tables, on demand, built from the same definitions the local store uses.
 * Calendar data and the name index are rebuilt from data/ on every deploy, so they go with the
 * stack; keys and their usage are customer state and are retained.
 */
export class DataTables extends Construct {
  readonly tables: Record<TableRole, Table>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const retained: ReadonlySet<TableRole> = new Set<TableRole>(['apiKeys']);
    const build = (role: TableRole, definition: TableDefinition): Table => {
      const table = new Table(this, definition.id, {
        partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
        ...(definition.sortKey && { sortKey: { name: definition.sortKey, type: AttributeType.STRING } }),
        billingMode: BillingMode.PAY_PER_REQUEST,
        timeToLiveAttribute: definition.timeToLiveAttribute,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: role === 'apiKeys' },
        removalPolicy: retained.has(role) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      if (!retained.has(role)) {
        Validations.of(table).acknowledge({
          id: 'AwsSolutions::AwsSolutions-DDB3',
          reason:
            'Rebuilt from data/ on every deploy: point-in-time recovery would restore nothing the repository does not hold.',
        });
      }
      for (const index of definition.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          ...(index.sortKey && { sortKey: { name: index.sortKey, type: AttributeType.STRING } }),
        });
      }
      return table;
    };
    this.tables = Object.fromEntries(
      (Object.entries(TABLE_DEFINITIONS) as Array<[TableRole, TableDefinition]>).map(([role, definition]) => [
        role,
        build(role, definition),
      ]),
    ) as Record<TableRole, Table>;
  }
}
