/**
 * The users domain as other domains use it: the address book's checkout save (배송지 목록에 저장),
 * the per-member row lock and point balance (member data), the SMS sender (the dev outbox) and `notify`, the one way to write a member's notification
 * (in-app row and push), and the dev push sink. Transaction types live in platform/transactions.ts.
 */
export { checkAddressRoom, saveAddressOnce } from './member-addresses.ts';
export { lockMember, pointBalance } from './member-db.ts';
export { getSizeInfo, saveSizeInfo } from './member-preferences.ts';
export { aiCurationsLeft, curationViewStatus } from './member-service.ts';
export { type NotificationInput, notify } from './notify.ts';
export { DevPushSink, pushSenderFor } from './push.ts';
export { DevOutbox, smsSenderFor } from './sms.ts';
