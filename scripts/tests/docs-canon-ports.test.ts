import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-ports.ts`', () => {
  test('refuses ports that are not listed and a database name that is not the canon one', () => {
    const bash = (line: string) => '```bash\n' + line + '\n```\n';
    expectProblems([
      [bash('psql "host=localhost port=15432 dbname=platform user=$USER"'), []],
      [bash('curl http://localhost:3000/graphql'), []],
      [
        bash('psql "host=localhost port=15432 dbname=platform_production"'),
        ['database "platform_production" is not the database name of system facts (platform)'],
      ],
      [
        '```json\n{"url": "jdbc:postgresql://aurora-writer.platform-production.internal:5433/platform"}\n```\n',
        [
          'port 5433 is not one of the ports of system facts (5432, 15432, 3000)',
          'PostgreSQL listens on 5432 in system facts, not 5433',
        ],
      ],
      [
        'Open `http://localhost:8080/graphql`.',
        ['port 8080 is not one of the ports of system facts (5432, 15432, 3000)'],
      ],
    ]);
  });
});
