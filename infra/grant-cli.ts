/** `npm run grant -- <email | sub | username> [...]`: see grant.ts. */
import { grantEveryone } from './grant';
import { runPoolCommand } from './pool-target';

const people = process.argv.slice(2);
if (!people.length) {
  console.error('Usage: npm run grant -- <email | sub | username> [<email | sub | username> ...]');
  process.exit(1);
}
runPoolCommand((target) => grantEveryone(target, people));
