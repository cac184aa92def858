/**
 * The users domain as other domains use it: the per-member row lock and point balance (member
 * data) and the SMS sender (the dev outbox). Transaction types live in platform/transactions.ts.
 */
export { lockMember, pointBalance } from './member-db.ts';
export { getSizeInfo, saveSizeInfo } from './member-preferences.ts';
export { aiCurationsLeft, curationViewStatus } from './member-service.ts';
export { DevOutbox, smsSenderFor } from './sms.ts';
