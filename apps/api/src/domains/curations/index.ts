/**
 * The curations domain's surface: its routes, the outfit of a member's curation (for codi-to-cart)
 * and the operator who curated a member (support assigns curator chats to them), the dev helper
 * that publishes a member's untouched drafts now, and its part in
 * the users domain (member reads and the withdrawal step, wired in app.ts).
 */
export { curationOutfitDisplays } from './codi.ts';
export { curatorOperatorOf } from './curator-of.ts';
export { publishUntouchedNow } from './drafting.ts';
export { curationJob } from './jobs.ts';
export { type CurationPorts, provideCurationPorts } from './ports.ts';
export { curationMissionFacts, tookStyleQuiz } from './reads-for-benefits.ts';
export { deleteCurationDataStep, memberCurationReads } from './reads-for-users.ts';
export { curationRoutes } from './routes.ts';
