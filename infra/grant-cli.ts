/** `npm run grant -- <email | sub | username>`: see grant.ts. */
import { grant, grantOutcome } from './grant';
import { runPoolCommand } from './pool-target';

const who = process.argv[2];
if (!who) {
  console.error('Usage: npm run grant -- <email | sub | username>');
  process.exit(1);
}
runPoolCommand(async (target, config) => grantOutcome(await grant(target, who), who, config.readerGroup));
