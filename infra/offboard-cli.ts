/** `npm run offboard -- <email | sub | username>`: see offboard.ts. */
import { offboard, offboardOutcome } from './offboard';
import { runPoolCommand } from './pool-target';

const who = process.argv[2];
if (!who) {
  console.error('Usage: npm run offboard -- <email | sub | username>');
  process.exit(1);
}
runPoolCommand(async (target, config) => offboardOutcome(await offboard(target, who), who, config.readerGroup));
