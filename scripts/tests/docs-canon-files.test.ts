import { describe, test } from 'node:test';
import { expectProblems } from './canon-sample';

describe('the canon rule of `docs-canon-files.ts`', () => {
  test('refuses a shared file placed anywhere but its canonical path or a shortening of it', () => {
    expectProblems([
      [
        'See `modules/base/lib/base/rails_logger.rb`, `lib/base/rails_logger.rb`, `config/roles.yml` and `roles.yml`.',
        [],
      ],
      [
        'It lives in `modules/base/app/public/base/rails_logger.rb`.',
        [
          'file "modules/base/app/public/base/rails_logger.rb" lives at modules/base/lib/base/rails_logger.rb (system facts)',
        ],
      ],
      [
        'Roles are in `modules/base/config/roles.yml`.',
        ['file "modules/base/config/roles.yml" lives at modules/iam/config/roles.yml (system facts)'],
      ],
    ]);
  });
});
